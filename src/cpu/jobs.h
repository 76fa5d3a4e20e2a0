/* Jobs: the CPU frame's one way to spread work over threads, a thin layer over OpenMP (GCC's
 * libgomp or clang's libomp; no pool of our own). A job is `count` items cut into chunks of
 * `work_size`; lc_jobs_run hands the chunks out dynamically to the job threads and returns
 * when all are done, the calling thread working too (it is thread 0).
 *
 * Determinism is the caller's part: chunks write disjoint ranges, and anything gathered from
 * several chunks is combined in chunk order (prefix sums over per-chunk counts), so a result
 * never depends on the thread count or on which thread ran which chunk. */
#ifndef LC_JOBS_H
#define LC_JOBS_H

#include <stdint.h>

#define LC_JOBS_MAX_THREADS 256u

/* fn(user, offset, count, thread): items [offset, offset + count) of one chunk. offset is a
 * multiple of work_size (chunk index = offset / work_size); thread is in [0, lc_jobs_threads()),
 * for per-thread scratch. */
typedef void (*lc_job_fn)(void *user, uint32_t offset, uint32_t count, uint32_t thread);

/* Sets the thread count for later jobs: 0 = all cores (OMP_NUM_THREADS if set), else clamped to 1..LC_JOBS_MAX_THREADS.
 * Call between jobs, not during one. Before any call, jobs use all cores. This one count (the
 * `--threads` option) serves every job of the CPU frame: light build, object culling,
 * render-context recording, merge and sort, and the backend's secondaries. */
void lc_jobs_init(uint32_t threads);
uint32_t lc_jobs_threads(void);
/* The most threads a later lc_jobs_init may ask for without oversubscribing: the larger of
 * the machine's cores and lc_jobs_threads() (per-thread resources are sized by it). */
uint32_t lc_jobs_capacity(void);
/* The threads worth waking for `work` units of small work, `per_thread` units each:
 * ceil(work / per_thread), at least 1, at most max_threads (0: lc_jobs_threads()). A parallel
 * region wakes its threads first: on the H200's host (16 vCPUs) recording a frame's passes,
 * 0.02-0.05 ms of work, took 0.05 ms on 4 threads, 0.15-0.21 on 8 and 0.39-0.96 on 16
 * (docs/BENCHMARKS.md, "Shadow views culled on the GPU"). */
uint32_t lc_jobs_threads_for(uint32_t max_threads, uint64_t work, uint32_t per_thread);
/* The number of chunks lc_jobs_run cuts count items into: ceil(count / work_size). */
uint32_t lc_jobs_chunks(uint32_t count, uint32_t work_size);
/* Runs fn over every chunk of [0, count) and waits. One chunk, or one thread, runs inline.
 * Called from inside a job, it runs inline on the calling thread (no nesting). */
void lc_jobs_run(uint32_t count, uint32_t work_size, lc_job_fn fn, void *user);
/* The same on at most max_threads threads (0: lc_jobs_threads()); thread < max_threads. For
 * work whose per-thread resources were made for a given count (the backend's command pools)
 * and for sweeps over thread counts. */
void lc_jobs_run_on(uint32_t max_threads, uint32_t count, uint32_t work_size, lc_job_fn fn, void *user);

/* A team: one parallel region for work of several dependent phases, so the threads wait at
 * barriers between phases instead of being woken for a new job each time. lc_jobs_team runs
 * fn(user, thread, threads) on min(lc_jobs_threads(), max_threads) threads at once (thread 0
 * is the caller) and returns when all have returned; inside a job or a team it runs on the
 * calling thread alone (threads = 1). */
typedef void (*lc_team_fn)(void *user, uint32_t thread, uint32_t threads);
void lc_jobs_team(uint32_t max_threads, lc_team_fn fn, void *user);
/* The same on exactly `threads` threads (clamped to 1..LC_JOBS_MAX_THREADS), for callers that
 * were given their count (the command sort, swept over thread counts by its test). */
void lc_jobs_team_on(uint32_t threads, lc_team_fn fn, void *user);
/* Inside a team fn, called by every thread of the team: shares the chunks of [0, count) among
 * them dynamically (fn gets the team's thread index) and returns, on every thread, when all
 * chunks are done. */
void lc_jobs_team_for(uint32_t count, uint32_t work_size, lc_job_fn fn, void *user);
/* Inside a team fn, called by every thread: returns when all have called it; what each wrote
 * before is visible to all after. */
void lc_jobs_team_barrier(void);
/* Where thread t's fixed share of total items begins (t = threads: the end): even runs in
 * thread order, for phases where each thread owns a run (its writes, its prefix sums). */
/* Inside a team fn, called by every thread: thread 0 runs fn(user) while the others wait;
 * all return once it is done, seeing what it wrote. */
void lc_jobs_team_single(void (*fn)(void *user), void *user);
static inline uint32_t lc_jobs_team_split(uint32_t total, uint32_t t, uint32_t threads)
{
    return (uint32_t)((uint64_t)total * t / threads);
}

/* A lock for the rare shared structure that jobs touch concurrently (the render contexts'
 * block pool). Not recursive. */
typedef struct lc_jobs_lock {
    _Alignas(8) unsigned char opaque[8]; /* an OpenMP lock (omp_lock_t) */
} lc_jobs_lock;
void lc_jobs_lock_init(lc_jobs_lock *lock);
void lc_jobs_lock_destroy(lc_jobs_lock *lock);
void lc_jobs_lock_take(lc_jobs_lock *lock);
void lc_jobs_lock_give(lc_jobs_lock *lock);

#endif
