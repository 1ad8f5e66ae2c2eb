/**
 * A billing rule's answer: what it decided, or a refusal by name with the sentence a person reads
 * (the named actions answer it as 409 or 422; docs/domain/billing.md). Refusals are values, not
 * throws, so a rule's every outcome is in its type and its tests.
 */
export type Refusal<Code extends string = string> = { ok: false; code: Code; message: string };
export type Decided<T> = { ok: true; value: T };
export type Outcome<T, Code extends string = string> = Decided<T> | Refusal<Code>;

export const decided = <T>(value: T): Decided<T> => ({ ok: true, value });
export const refused = <Code extends string>(code: Code, message: string): Refusal<Code> => ({ ok: false, code, message });
