// The calls of training lessons (issue 26).
export {};
