// The tables of attendances (issue 26).
export {};
