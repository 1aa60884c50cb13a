import { IMPORT_MAX_BYTES } from "#core/domain/moving-in/import-file";

const ACCEPT = ".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The importer's file field: a CSV or an Excel .xlsx, its size limit stated, the file's refusal under it. */
export function ImportFileField({ error }: { error?: string | null }) {
  return (
    <>
      <label htmlFor="archivo">Archivo CSV o Excel .xlsx (máximo {IMPORT_MAX_BYTES / 1024 / 1024} MB)</label>
      <input id="archivo" name="archivo" type="file" accept={ACCEPT} required aria-describedby={error ? "archivo-error" : undefined} />
      {error ? (
        <p id="archivo-error" className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
