/** What the last simulator action did (from the redirect's query): a success or an error line. */
export function ActionOutcome({ ok, error }: { ok?: string; error?: string }) {
  return (
    <>
      {ok ? (
        <p className="alert alert-success" role="status">
          {ok}
        </p>
      ) : null}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
