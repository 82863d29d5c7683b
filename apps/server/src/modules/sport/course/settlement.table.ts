// The tables of settlements (issue 26).
export {};
