// The tables of plans (issue 26).
export {};
