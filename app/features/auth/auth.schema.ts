import * as z from "zod";
import { email, newPassword, password, singleLineText } from "#app/lib/fields.schema";

export const signupSchema = z.object({
  first: singleLineText(50, "First name"),
  last: singleLineText(50, "Last name"),
  email: email(),
  password: newPassword(),
});

export const signinSchema = z.object({
  email: email(),
  password: password(),
});

export const resetRequestSchema = z.object({ email: email() });

export const newPasswordSchema = z.object({
  password: newPassword(),
});
