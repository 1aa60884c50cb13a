import { z } from "zod";
import { id } from "#core/contract/common";
import { deleteAccountBody } from "#core/contract/auth";
import { phraseBody } from "#core/contract/phrase";
import { formOf } from "./fields";

export { changePasswordSchema as passwordSchema } from "./auth";

/** A native checkbox: present ("on") when ticked, absent otherwise. */
export const alertSchema = z.object({ sendAlert: z.literal("on").optional() });
export const digestSchema = z.object({ sendDigest: z.literal("on").optional() });
/** The two kinds of mail with no call of their own (decision 086): a manager's notices, and those about the account's access. */
export const managerMailSchema = z.object({ sendManagerMail: z.literal("on").optional() });
export const accountMailSchema = z.object({ sendAccountMail: z.literal("on").optional() });

/** A quote of one's own, new or edited: the contract's text and author. */
export const phraseSchema = formOf(phraseBody.pick({ text: true, author: true })).extend({ id: id.optional() });

export const deletePhraseSchema = z.object({ id });

/** «Eliminar mi cuenta»: the password typed again (decision 083). */
export const deleteAccountSchema = formOf(deleteAccountBody);
