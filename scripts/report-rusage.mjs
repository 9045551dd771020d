/**
 * Preloaded with `node --import` by the bench's DuckDB comparison: prints the process's
 * peak resident memory (worker threads included) on stderr as it exits.
 */
process.on('exit', () => {
  process.stderr.write(`maxRssMB=${(process.resourceUsage().maxRSS / 1024).toFixed(1)}\n`);
});
