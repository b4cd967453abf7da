/**
 * Loaded into the bench's server process (`node --import tsx --import <this file> next start`,
 * bench/t15-round-trips.ts) before the app: BENCH_LIBSQL_PROBE (`count`, `delay:<ms>`, both)
 * wraps every libSQL client the app creates in the round-trip probe.
 */
import { installRoundTripProbe } from './libsql-probe';

installRoundTripProbe(process.env.BENCH_LIBSQL_PROBE);
