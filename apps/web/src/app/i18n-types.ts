/** The English (or any other) message file must have exactly the Chinese file's keys. */
export type MessagesOf<T> = { -readonly [K in keyof T]: T[K] extends string ? string : MessagesOf<T[K]> };
