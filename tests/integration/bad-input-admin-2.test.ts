/** Generated bad input on the admin forms, part 3 of 4 (tests/support/bad-input-parts.ts says why parts). */
import { badInputPart } from "../support/bad-input-parts";

badInputPart("admin", 2);
