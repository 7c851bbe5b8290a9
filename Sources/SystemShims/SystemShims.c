#define _GNU_SOURCE
#include "SystemShims.h"

#include <errno.h>

#if defined(__linux__)
#include <sched.h>

int system_shims_allowed_processors(int *processors, int capacity) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
  int count = 0;
  for (int processor = 0; processor < CPU_SETSIZE && count < capacity; processor++) {
    if (CPU_ISSET(processor, &set)) processors[count++] = processor;
  }
  return count;
}

int system_shims_keep_on_processor(int processor) {
  if (processor < 0 || processor >= CPU_SETSIZE) return EINVAL;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(processor, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : errno;
}

#else

int system_shims_allowed_processors(int *processors, int capacity) {
  (void)processors;
  (void)capacity;
  return -1;
}

int system_shims_keep_on_processor(int processor) {
  (void)processor;
  return ENOSYS;
}

#endif
