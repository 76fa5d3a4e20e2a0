#include "cpu/jobs.h"

#include <omp.h>

#include "common.h"

static uint32_t g_threads; /* 0 until lc_jobs_init: all cores */

/* All cores, unless OMP_NUM_THREADS says otherwise. */
static uint32_t all_cores(void)
{
    int n = omp_get_max_threads();
    return (uint32_t)LC_CLAMP(n, 1, (int)LC_JOBS_MAX_THREADS);
}

void lc_jobs_init(uint32_t threads)
{
    g_threads = threads ? LC_MIN(threads, LC_JOBS_MAX_THREADS) : all_cores();
}

uint32_t lc_jobs_threads(void) { return g_threads ? g_threads : all_cores(); }

uint32_t lc_jobs_capacity(void)
{
    uint32_t cores = (uint32_t)LC_CLAMP(omp_get_num_procs(), 1, (int)LC_JOBS_MAX_THREADS);
    return LC_MAX(cores, lc_jobs_threads());
}

uint32_t lc_jobs_chunks(uint32_t count, uint32_t work_size)
{
    if (work_size == 0) work_size = 1;
    return (uint32_t)(((uint64_t)count + work_size - 1) / work_size);
}

void lc_jobs_run(uint32_t count, uint32_t work_size, lc_job_fn fn, void *user)
{
    lc_jobs_run_on(0, count, work_size, fn, user);
}

uint32_t lc_jobs_threads_for(uint32_t max_threads, uint64_t work, uint32_t per_thread)
{
    uint32_t most = max_threads ? max_threads : lc_jobs_threads();
    uint64_t want = (work + LC_MAX(per_thread, 1u) - 1) / LC_MAX(per_thread, 1u);
    return (uint32_t)LC_CLAMP(want, 1u, (uint64_t)LC_MAX(most, 1u));
}

void lc_jobs_run_on(uint32_t max_threads, uint32_t count, uint32_t work_size, lc_job_fn fn, void *user)
{
    if (count == 0) return;
    if (work_size == 0) work_size = 1;
    uint32_t chunks = lc_jobs_chunks(count, work_size);
    uint32_t threads = LC_MIN(LC_MIN(max_threads ? max_threads : lc_jobs_threads(), LC_JOBS_MAX_THREADS), chunks);
    /* Inline when there is nothing to share or when already inside a job: a job's thread
     * index must stay below lc_jobs_threads() for the caller's per-thread scratch. */
    if (threads <= 1 || omp_in_parallel()) {
        uint32_t thread = omp_in_parallel() ? (uint32_t)omp_get_thread_num() : 0u;
        for (uint32_t c = 0; c < chunks; c++) {
            uint32_t offset = c * work_size;
            fn(user, offset, LC_MIN(work_size, count - offset), thread);
        }
        return;
    }
    /* Dynamic schedule, one chunk at a time: uneven chunks (a crowded corner of the frustum)
     * balance themselves, and the master thread takes chunks like any worker. */
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t offset = c * work_size;
        fn(user, offset, LC_MIN(work_size, count - offset), (uint32_t)omp_get_thread_num());
    }
}

void lc_jobs_team(uint32_t max_threads, lc_team_fn fn, void *user)
{
    lc_jobs_team_on(LC_MIN(lc_jobs_threads(), max_threads), fn, user);
}

void lc_jobs_team_on(uint32_t threads, lc_team_fn fn, void *user)
{
    threads = LC_CLAMP(threads, 1u, LC_JOBS_MAX_THREADS);
    /* Nested (inside a job or a team) the region is inactive: a team of one, whose
     * worksharing and barriers bind to it and not to the enclosing team. */
    if (omp_in_parallel()) threads = 1;
#pragma omp parallel num_threads(threads)
    fn(user, (uint32_t)omp_get_thread_num(), (uint32_t)omp_get_num_threads());
}

void lc_jobs_team_for(uint32_t count, uint32_t work_size, lc_job_fn fn, void *user)
{
    if (work_size == 0) work_size = 1;
    uint32_t chunks = lc_jobs_chunks(count, work_size), thread = (uint32_t)omp_get_thread_num();
#pragma omp for schedule(dynamic, 1)
    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t offset = c * work_size;
        fn(user, offset, LC_MIN(work_size, count - offset), thread);
    }
}

void lc_jobs_team_barrier(void)
{
#pragma omp barrier
}

void lc_jobs_team_single(void (*fn)(void *user), void *user)
{
#pragma omp barrier
    if (omp_get_thread_num() == 0) fn(user);
#pragma omp barrier
}

_Static_assert(sizeof(omp_lock_t) <= sizeof(((lc_jobs_lock *)0)->opaque), "lc_jobs_lock holds an omp_lock_t");
_Static_assert(_Alignof(omp_lock_t) <= 8, "lc_jobs_lock aligns an omp_lock_t");

void lc_jobs_lock_init(lc_jobs_lock *lock) { omp_init_lock((omp_lock_t *)lock->opaque); }
void lc_jobs_lock_destroy(lc_jobs_lock *lock) { omp_destroy_lock((omp_lock_t *)lock->opaque); }
void lc_jobs_lock_take(lc_jobs_lock *lock) { omp_set_lock((omp_lock_t *)lock->opaque); }
void lc_jobs_lock_give(lc_jobs_lock *lock) { omp_unset_lock((omp_lock_t *)lock->opaque); }
