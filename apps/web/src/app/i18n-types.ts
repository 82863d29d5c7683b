/** The English (or any other) message file must have exactly the Chinese file's keys. */
/**
 * The keys of a message file, derived from its Chinese dictionary: `a.b.c` for every text, so a
 * `t(key: MessageKeyOf<typeof zh>)` that names a missing key fails the typecheck.
 */
export type MessageKeyOf<T, P extends string = ''> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${P}${K}` : MessageKeyOf<T[K], `${P}${K}.`>;
}[keyof T & (string | number)];
export type MessagesOf<T> = { -readonly [K in keyof T]: T[K] extends string ? string : MessagesOf<T[K]> };
/** Every dotted prefix of a key (`a` and `a.b` of `a.b.c`): where a key built from a coded value starts. */
export type KeyPrefixOf<K extends string> = K extends `${infer Head}.${infer Rest}` ? Head | `${Head}.${KeyPrefixOf<Rest>}` : never;
