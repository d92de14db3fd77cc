import { DOCTOR_REPORT_FILES, DOCTOR_REPORT_FORMATS } from '@medrem/contract';

type JsonObject = Record<string, unknown>;

const FILE_SCHEMAS: Record<keyof typeof DOCTOR_REPORT_FILES.files, JsonObject> = {
  pdf: { type: 'string', format: 'binary' },
  csv: { type: 'string' },
  fhir: {
    type: 'object',
    description: 'A FHIR R4 Bundle; see https://hl7.org/fhir/R4/bundle.html',
    additionalProperties: true,
  },
};

/**
 * Routes outside tRPC that answer with files (decision 101) are documented from the JSON call they
 * are served by: the same parameters, security and errors, a `format` parameter, and the file's
 * media types for the 200.
 */
export function addFileRoutes(paths: Record<string, JsonObject>): void {
  const json = paths['/api/report/{userEmail}/doctor']?.get as JsonObject | undefined;
  if (!json) throw new Error('openapi: the doctor report call is missing');
  const { 200: _ok, ...errors } = json.responses as JsonObject;
  const formats = Object.entries(DOCTOR_REPORT_FILES.files);
  paths[DOCTOR_REPORT_FILES.path] = {
    get: {
      ...json,
      operationId: 'report-doctor-file',
      summary: "The doctor's report as a file: PDF, CSV or FHIR R4 JSON",
      description:
        `The report of \`GET /api/report/{userEmail}/doctor\` for the same range, as a download ` +
        `(Content-Disposition: attachment; Cache-Control: no-store). ` +
        formats.map(([format, file]) => `\`${format}\`: ${file.title}.`).join(' '),
      parameters: [
        ...(json.parameters as JsonObject[]),
        {
          in: 'path',
          name: 'format',
          required: true,
          schema: { type: 'string', enum: [...DOCTOR_REPORT_FORMATS] },
          description: 'pdf, csv or fhir',
        },
      ],
      responses: {
        200: {
          description: 'The report file',
          content: Object.fromEntries(
            formats.map(([format, file]) => [
              file.contentType.split(';')[0]!,
              { schema: FILE_SCHEMAS[format as keyof typeof FILE_SCHEMAS] },
            ]),
          ),
        },
        ...errors,
      },
    },
  };
}
