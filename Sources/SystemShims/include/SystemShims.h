// The few C library calls the Swift modules cannot see: glibc declares the processor
// affinity calls only for `_GNU_SOURCE`, which Swift's Glibc module does not define.
#ifndef SYSTEM_SHIMS_H
#define SYSTEM_SHIMS_H

/// Writes the processors the calling thread may run on (its affinity mask), lowest first,
/// into `processors` (at most `capacity` of them).
///
/// Returns how many were written, or -1 when the platform does not say (not Linux, or a
/// mask larger than 1,024 processors).
int system_shims_allowed_processors(int *processors, int capacity);

/// Keeps the calling thread on `processor` (sets its affinity mask to that one processor).
///
/// Returns 0, or the error number of the failure (`ENOSYS` where the platform has no such
/// call).
int system_shims_keep_on_processor(int processor);

#endif
