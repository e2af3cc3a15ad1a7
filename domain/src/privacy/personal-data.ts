/**
 * Personal data in events (docs/privacy.md, decision 180): each context names, beside
 * its events, which fields of which event type are a person's, and whose they are. The event
 * store's sealing layer (infra/src/privacy) seals those fields on append with the person's own
 * data key and opens them on read, so deciders and projectors see plain values through the one
 * port they already use. Forgetting a person destroys the key: what the log keeps of them is then
 * unreadable everywhere, and reads yield the erased value of each field.
 */

/**
 * What a field becomes once its person is forgotten: `text` → the erased marker the deployment
 * shows (「削除済み」, the web app's texts), `none` → null (a password hash, an external
 * identity), `empty` → `{}` (option values: texts and picture ids).
 */
export type PersonalFieldKind = 'text' | 'none' | 'empty';

/** One context's personal fields: per event type, dotted paths into its data and their kind. */
export interface PersonalData {
  /** The stream category these events live in; the subject (whose key seals them) is the stream, unless `subjectOf` names another. */
  category: string;
  events: Readonly<Record<string, Readonly<Record<string, PersonalFieldKind>>>>;
  /**
   * Whose key seals an event of a stream shared by many people (decision 517): a store's receipt
   * book holds each guest's 宛名 under that guest's reservation's key, so forgetting the guest
   * erases it too. Only from fields that are never sealed themselves.
   */
  subjectOf?: (type: string, data: unknown) => string | null;
}

/**
 * A value an erasure writes in place of a personal field: the sealing layer stores it as it is
 * and reads it back as the field's erased value. Events that record a forgetting carry it, so
 * read models learn the erasure from the log like any other fact.
 */
export const ERASED_FIELD = 'pd.erased';

/**
 * What an erased text reads as, in every process (web, worker, rebuild script) alike, so a read
 * model is the same whoever wrote it: a stored value, like a status code, not a screen's wording.
 * The web app's texts re-export it as the word screens show (decision 181).
 */
export const ERASED_TEXT = '削除済み';

/** The port a use case asks for a person's data key: only forgetting needs it directly. */
export interface PersonalKeys {
  /** Destroys the subjects' keys (idempotent); their sealed fields can never be opened again. */
  erase(subjects: readonly string[]): Promise<void>;
  /** Whether a subject's key is destroyed. */
  isErased(subject: string): Promise<boolean>;
}
