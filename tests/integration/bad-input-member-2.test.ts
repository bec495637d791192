/** Generated bad input on the member forms, part 3 of 4 (tests/support/bad-input-parts.ts says why parts). */
import { badInputPart } from "../support/bad-input-parts";

badInputPart("member", 2);
