/** The packs' rows of the bad-input table (issue 58): a valid request of each call and its refusals. */
const GTIN = '09506000134352';
/** A pack's code without a serial, so the control world's baseline may add it more than once. */
const CODE = `(01)${GTIN}(17)271231(10)A1B2C3`;
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

interface Baseline {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  ok: number;
}
interface BadCase {
  label: string;
  params?: Record<string, string>;
  patch?: Record<string, unknown>;
  body?: unknown;
  mentions?: string;
}
type Table = Record<string, { baseline: (w: { medicineId: string }) => Baseline; cases: BadCase[] }>;

/** What a scanned code may not be: unreadable, misread, an impossible or past expiry, too long. */
const CODE_CASES: BadCase[] = [
  { label: 'a code no pack carries', patch: { code: 'hello world' }, mentions: 'not one a medicine pack' },
  {
    label: 'a check digit that does not match',
    patch: { code: `(01)${GTIN.slice(0, 13)}3` },
    mentions: 'check digit',
  },
  { label: 'an expiry in month 13', patch: { code: `(01)${GTIN}(17)271301` }, mentions: 'not a date' },
  { label: 'an expiry on 30 February', patch: { code: `(01)${GTIN}(17)270230` }, mentions: 'not a date' },
  { label: 'a code of 513 characters', patch: { code: '0'.repeat(513) }, mentions: 'too long' },
  { label: 'a code as a number', patch: { code: 9506000134352 }, mentions: 'code' },
];
const GTIN_PARAM_CASES: BadCase[] = [
  { label: 'gtin with a wrong check digit', params: { gtin: '09506000134353' }, mentions: 'check digit' },
  { label: 'gtin of 5 digits', params: { gtin: '12345' }, mentions: 'gtin' },
  { label: 'gtin of letters', params: { gtin: 'ABCDEFGHIJKLM' }, mentions: 'gtin' },
];
const idCases = (param: string, ids: readonly string[]): BadCase[] =>
  ids.map((id) => ({
    label: `${param} ${JSON.stringify(id.slice(0, 12))}`,
    params: { [param]: encodeURIComponent(id) },
  }));

export function packBadInput(idParamCases: BadCase[]): Table {
  const packIdCases = idCases('packId', ['not-a-uuid', '12345', "1' OR '1'='1"]);
  return {
    'pack.list': { baseline: (w) => ({ params: { id: w.medicineId }, ok: 200 }), cases: idParamCases },
    'pack.add': {
      baseline: (w) => ({ params: { id: w.medicineId }, body: { code: CODE, pills: 30 }, ok: 201 }),
      cases: [
        ...CODE_CASES,
        {
          label: 'an expired pack',
          patch: { code: `(01)${GTIN}(17)200100` },
          mentions: 'expired on 2020-01-31',
        },
        { label: 'the code and typed fields', patch: { gtin: GTIN }, mentions: 'not both' },
        { label: 'pills 0', patch: { pills: 0 }, mentions: 'pills' },
        { label: 'pills 2.5', patch: { pills: 2.5 }, mentions: 'whole number' },
        { label: 'pills as text', patch: { pills: '30' }, mentions: 'pills' },
        { label: 'remember as text', patch: { remember: 'yes' }, mentions: 'remember' },
        {
          label: 'a typed GTIN misread',
          body: { gtin: '09506000134353', pills: 30 },
          mentions: 'check digit',
        },
        { label: 'a serial without its GTIN', body: { serial: 'A1', pills: 30 }, mentions: 'product number' },
        {
          label: 'an expiry of 2027-02-29',
          body: { gtin: GTIN, expiresOn: '2027-02-29', pills: 3 },
          mentions: 'date',
        },
        {
          label: 'an expiry 20 years ahead',
          body: { gtin: GTIN, expiresOn: '2046-11-21', pills: 3 },
          mentions: 'years',
        },
        { label: 'a batch with a space', body: { gtin: GTIN, batch: 'A 1', pills: 3 }, mentions: 'batch' },
        {
          label: 'a serial of 21 characters',
          body: { gtin: GTIN, serial: 'S'.repeat(21), pills: 3 },
          mentions: 'serial',
        },
        ...idParamCases,
      ],
    },
    'pack.usedUp': {
      baseline: () => ({ params: { id: UNKNOWN_ID, packId: UNKNOWN_ID }, ok: 404 }),
      cases: [...idParamCases, ...packIdCases],
    },
    'pack.remove': {
      baseline: () => ({ params: { id: UNKNOWN_ID, packId: UNKNOWN_ID }, ok: 404 }),
      cases: [...idParamCases, ...packIdCases],
    },
    'pack.read': { baseline: () => ({ body: { code: CODE }, ok: 200 }), cases: CODE_CASES },
    'pack.cabinet': { baseline: () => ({ ok: 200 }), cases: [] },
    'pack.mappings': { baseline: () => ({ ok: 200 }), cases: [] },
    'pack.setMapping': {
      baseline: (w) => ({
        params: { gtin: GTIN },
        body: { medicineId: w.medicineId, pillsPerPack: 28 },
        ok: 200,
      }),
      cases: [
        ...GTIN_PARAM_CASES,
        { label: 'pillsPerPack 0', patch: { pillsPerPack: 0 }, mentions: 'pills per pack' },
        { label: 'pillsPerPack 100001', patch: { pillsPerPack: 100_001 }, mentions: 'pills per pack' },
        { label: 'medicineId not a uuid', patch: { medicineId: 'aspirin' }, mentions: 'medicineId' },
      ],
    },
    // A product number never named: the world's medicine (and its mappings) may be deleted first.
    'pack.deleteMapping': {
      baseline: () => ({ params: { gtin: '04012345000016' }, ok: 404 }),
      cases: GTIN_PARAM_CASES,
    },
  };
}
