import * as z from "zod";
import { MIN_PASSWORD } from "#app/lib/field-rules";
import { email, password, singleLineText } from "#app/lib/fields.schema";

export { MIN_PASSWORD };

export const signupSchema = z.object({
  first: singleLineText(50, "First name"),
  last: singleLineText(50, "Last name"),
  email: email(),
  password: password().refine((v) => v.length >= MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters`),
});

export const signinSchema = z.object({
  email: email(),
  password: password(),
});

export const resetRequestSchema = z.object({ email: email() });

export const newPasswordSchema = z.object({
  password: password().refine((v) => v.length >= MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters`),
});
