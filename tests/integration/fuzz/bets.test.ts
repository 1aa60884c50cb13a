import { fuzzPart } from "./probes";

fuzzPart("bets");
