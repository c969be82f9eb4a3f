// conf imports ajv, ajv-formats and semver when it loads, but uses them only for JSON-schema
// validation and store migrations, and domainctl uses neither (it validates with zod). The bundle
// gets these stand-ins instead, which saves ~20 ms on every start; were conf ever to reach for
// them, it would fail loudly here rather than quietly skip a check.
const unused = (what) => () => {
  throw new Error(`${what} is not bundled: domainctl does not use conf's schema or migrations`);
};
export class Ajv2020 {
  constructor() {
    unused('ajv')();
  }
}
export default new Proxy({}, { get: (_, name) => unused(`semver/ajv-formats (${String(name)})`) });
