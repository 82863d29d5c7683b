// The tables of lessons (issue 26).
export {};
