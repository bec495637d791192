/** Generated bad input on the visitor forms, part 4 of 4 (tests/support/bad-input-parts.ts says why parts). */
import { badInputPart } from "../support/bad-input-parts";

badInputPart("visitor", 3);
