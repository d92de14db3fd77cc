import {
  DOCTOR_REPORT_FILES,
  DOCTOR_REPORT_FORMATS,
  type DoctorReportFormat,
  type DoctorReportView,
  contract,
} from '@medrem/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { renderDoctorReportCsv } from '../../features/reports/render/doctor-report-csv.renderer';
import { renderDoctorReportFhir } from '../../features/reports/render/doctor-report-fhir.renderer';
import { renderDoctorReportPdf } from '../../features/reports/render/doctor-report-pdf.renderer';
import { textLanguageOf } from '../../i18n/server-language';
import { type ReportTexts, reportTextsFor } from '../../features/reports/report-texts';
import { restHandler } from './rest-route';

async function render(
  format: DoctorReportFormat,
  report: DoctorReportView,
  texts: ReportTexts,
): Promise<string | Buffer> {
  if (format === 'pdf') return Buffer.from(await renderDoctorReportPdf(report, texts));
  if (format === 'csv') return renderDoctorReportCsv(report, texts);
  return JSON.stringify(renderDoctorReportFhir(report), null, 2);
}

function isFormat(value: string): value is DoctorReportFormat {
  return (DOCTOR_REPORT_FORMATS as readonly string[]).includes(value);
}

/**
 * GET /api/report/{userEmail}/doctor/{pdf|csv|fhir}?from&to: the doctor's report as a file. Served
 * by the `report.doctor` procedure (same token check, ownership, range rules and error bodies as its
 * JSON route), then rendered here: files are HTTP's business, the service only counts (decision 101).
 */
export default fp(
  async (app) => {
    const serve = restHandler(app, 'report.doctor', contract.report.doctor, {
      omitParams: ['format'],
      send: async (reply: FastifyReply, data, request) => {
        const format = (request.params as { format: DoctorReportFormat }).format;
        const report = data as DoctorReportView;
        const file = DOCTOR_REPORT_FILES.files[format];
        // The dates are checked YYYY-MM-DD: the name needs no escaping.
        const name = `doctors-report-${report.from}-to-${report.to}.${file.extension}`;
        // In the language of who asked, as the service wrote its words (issue 54): the procedure
        // answers its owner only, so that is the report's patient.
        const settings = await app.services.settings.effective(report.patient.userId);
        const texts = reportTextsFor(textLanguageOf(settings));
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(await render(format, report, texts));
      },
    });
    app.get(DOCTOR_REPORT_FILES.path.replace(/\{(\w+)\}/g, ':$1'), async (request, reply) => {
      const { format } = request.params as { format: string };
      if (!isFormat(format)) {
        return reply.status(400).send({
          code: 'BAD_REQUEST',
          message: `format: must be one of ${DOCTOR_REPORT_FORMATS.join(', ')}.`,
        });
      }
      return serve(request, reply);
    });
  },
  { name: 'doctor-report-route', dependencies: ['services', 'cookies'] },
);
