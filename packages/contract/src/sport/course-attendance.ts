// The calls of training attendances (issue 26).
export {};
