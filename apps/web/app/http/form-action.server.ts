import type { z } from 'zod';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import type { Role } from '@moncafe/domain/account/events';
import type { CommandContext } from '@moncafe/domain/command-handler';
import { DomainError } from '@moncafe/domain/decider';
import { readBody } from '#app/auth/login.server';
import { requireRole } from '#app/auth/require-role.server';
import { getUser } from '#app/auth/session.server';
import { appOf, correlationIdOf, type WebApp } from '#app/context';
import { firstProblem, japaneseIssue, type FieldLabels } from './field-errors';
import { callTexts } from './texts';
import type { CallArgs } from './json.server';

/**
 * The one edge of the page actions, beside `jsonCall` for the JSON calls (decision 220). Every
 * `action` of a page route is
 *
 *   export const action = formAction({
 *     roles: ['admin'],                                   // or 'anyone': who may send the form
 *     form: z.object({ … }),                              // the form (or JSON) body, parsed with zod
 *     refused: (message) => data({ ok: false, error: message }, { status: 400 }),  // how the screen shows a refusal
 *     errors: { otherwise: t.saveFailed },                // DomainError code → the screen's message
 *     async handle({ form, services, command, readYourWrites }) {
 *       const saved = await services.catalog.save({ … }, command);
 *       await readYourWrites(saved.position);
 *       return { ok: true, error: null };
 *     },
 *   });
 *
 * and this does the rest the same way for all of them: the role check on the server (before the
 * body is read), the body read (capped, unstorable text refused) and parsed with zod's checks
 * worded in Japanese naming the field (app/http/field-errors.ts), the command context (the
 * request's correlation id and the signed-in account as actor), an expected DomainError turned
 * into the screen's message, and read-your-writes. tests/architecture/page-actions.unit.test.ts
 * fails on a page action that is not made here.
 */

/** What a form's `handle` gets: the parsed form, the application, and who sends it. */
export interface FormInput<Form, User extends SignedInUser | null> {
  form: Form;
  request: Request;
  params: CallArgs['params'];
  context: CallArgs['context'];
  /** Every use case (domain/src/application.ts). */
  services: WebApp['services'];
  /** Read-model queries (projections/src/queries.ts). */
  queries: WebApp['queries'];
  runtime: WebApp['runtime'];
  /** The account that sends the form: required (and holding a role) unless the form is open to anyone. */
  user: User;
  /** Carried by the command's events and every log line about this request (`correlationIdOf`). */
  correlationId: string;
  /**
   * The command context: the correlation id and the sending account as actor. A form open to
   * anyone sent signed out acts as the guest (`GUEST_ACTOR`), never as staff.
   */
  command: CommandContext;
  /** Read-your-writes: waits (bounded) until the read models have applied the command at `position`. */
  readYourWrites(position: number | null): Promise<void>;
}

/** The actor of a command a signed-out guest sends through a form open to anyone. */
export const GUEST_ACTOR = 'customer';

/** The screen's message for a DomainError, or the message and the field it is about (shown beside that field). */
export type FormRefusal = string | { message: string; field: string };

/** DomainError code → the screen's message (its texts module's words); `otherwise` for any other code. */
export type FormErrors = Readonly<Record<string, FormRefusal | ((error: DomainError) => FormRefusal | undefined)>>;

type Access = readonly [Role, ...Role[]] | 'anyone';
type UserOf<A extends Access> = A extends 'anyone' ? SignedInUser | null : SignedInUser;
type FormSchema = z.ZodType | 'raw' | undefined;
type FormOf<S> = S extends z.ZodType ? z.output<S> : S extends 'raw' ? unknown : undefined;

export interface FormSpec<A extends Access, S extends FormSchema, Answer, Refusal> {
  /** The roles that may send the form (any one of them), or 'anyone'. Checked before the body is read. */
  roles: A;
  /** The body's schema, or 'raw' for the body as read (null when unreadable); without it the body is not read. */
  form?: S;
  /** How the screen shows a refused form or an expected DomainError: its answer for the message. */
  refused?: (message: string, field: string | null) => Refusal;
  /** One message for any bad field, where the screen says no more; otherwise the field's own problem in Japanese. */
  invalid?: string;
  /** The screen's labels by field key: a refused field's words name it by its label, never its key. */
  labels?: FieldLabels;
  /**
   * The store the form acts at, checked before `handle`: one that does not exist is refused with
   * the calls' unknown-store words, on the field `store_id` (a closed store is still a store).
   */
  store?: (form: FormOf<S>) => string | null;
  errors?: FormErrors;
  handle(input: FormInput<FormOf<S>, UserOf<A>>): Promise<Answer> | Answer;
}

/** A page route's action made by `formAction` (the walker in tests/architecture looks for the call). */
export type FormAction<Answer> = (args: CallArgs) => Promise<Answer>;

export function formAction<A extends Access, S extends FormSchema = undefined, Answer = unknown, Refusal = never>(
  spec: FormSpec<A, S, Answer, Refusal>,
): FormAction<Answer | Refusal> {
  return async ({ request, params, context }) => {
    const user = (
      spec.roles === 'anyone' ? await getUser(request, context) : await requireRole(request, context, ...(spec.roles as readonly Role[]))
    ) as UserOf<A>;
    const app = appOf(context);
    const refuse = (message: string, field: string | null): Refusal => {
      if (!spec.refused) throw new Error('formAction: a form with a schema or an errors table says how it is refused');
      return spec.refused(message, field);
    };
    let form: unknown = spec.form ? await readBody(request) : undefined;
    if (spec.form && spec.form !== 'raw') {
      const parsed = spec.form.safeParse(form, { error: japaneseIssue });
      if (!parsed.success) {
        const problem = firstProblem(parsed.error, 'form', spec.labels);
        return refuse(spec.invalid ?? problem.message, problem.field);
      }
      form = parsed.data;
    }
    const named = spec.store?.(form as FormOf<S>) ?? null;
    if (named !== null && !(await app.queries.stores.get(named))) return refuse(callTexts.unknownStore, 'store_id');
    const correlationId = correlationIdOf(context);
    try {
      return await spec.handle({
        form: form as FormOf<S>,
        request,
        params,
        context,
        services: app.services,
        queries: app.queries,
        runtime: app.runtime,
        user,
        correlationId,
        command: { correlationId, actor: user ? user.id : GUEST_ACTOR },
        readYourWrites: (position) => app.runtime.waitForProjections(position),
      });
    } catch (error) {
      const refusal = error instanceof DomainError ? refusalFor(spec.errors, error) : undefined;
      if (refusal === undefined) throw error;
      return typeof refusal === 'string' ? refuse(refusal, null) : refuse(refusal.message, refusal.field);
    }
  };
}

function refusalFor(errors: FormErrors | undefined, error: DomainError): FormRefusal | undefined {
  const entry = errors?.[error.code] ?? errors?.otherwise;
  return typeof entry === 'function' ? entry(error) : entry;
}
