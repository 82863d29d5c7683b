// The calls of training plans (issue 26).
export {};
