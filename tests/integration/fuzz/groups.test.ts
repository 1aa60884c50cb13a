import { fuzzPart } from "./probes";

fuzzPart("groups");
