// The calls of training settlements (issue 26).
export {};
