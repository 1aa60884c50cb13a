import { fuzzPart } from "./probes";

fuzzPart("accounts");
