import { writeSpecificationJson } from "../src/specification.ts";

/** `npm run generate`: openapi.yaml as JSON, which processes read in a fraction of the YAML's time (src/specification.ts). */
writeSpecificationJson();
