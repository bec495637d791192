/** Pathological values in every text field, part 1 of 3 (the table and runner: tests/support/pathological-parts.ts). */
import { pathologicalPart } from "../support/pathological-parts";

pathologicalPart(0);
