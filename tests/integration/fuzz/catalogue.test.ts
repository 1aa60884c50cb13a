import { fuzzPart } from "./probes";

fuzzPart("catalogue");
