/* The C floor for scripts/bench: getline each build line, fwrite its numbered heading
   (`Build #N`, SPEC §4) and its precomputed block. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static const char *lines[] = {"build sports", "build sports drive=4wd", "build compact",
  "build compact suspension=firm", "build compact suspension=firm drive=4wd",
  "build compact drive=4wd", "build suv"};
static const char *blocks[] = {
  "Car type: Porsche Boxster\nSeats: 2\nEngine: Mid\nSuspension: Firm\nDrive: Rear\nPrice: $72,900.00\n",
  "Car type: Porsche Boxster\nSeats: 2\nEngine: Mid\nSuspension: Firm\nDrive: 4WD\nPrice: $76,550.00\n",
  "Car type: VW Golf\nSeats: 4\nEngine: Front\nSuspension: Standard\nDrive: Front\nPrice: $28,500.00\n",
  "Car type: VW Golf\nSeats: 4\nEngine: Front\nSuspension: Firm\nDrive: Front\nPrice: $29,750.00\n",
  "Car type: VW Golf\nSeats: 4\nEngine: Front\nSuspension: Firm\nDrive: 4WD\nPrice: $32,150.00\n",
  "Car type: VW Golf\nSeats: 4\nEngine: Front\nSuspension: Standard\nDrive: 4WD\nPrice: $30,900.00\n",
  "Car type: Cadillac Escalade\nSeats: 8\nEngine: Front\nSuspension: Soft\nDrive: 4WD\nPrice: $89,990.00\n"};

int main(void) {
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  size_t sizes[7], lengths[7];
  unsigned long number = 0;
  char heading[32];
  static char out[1 << 16];
  setvbuf(stdout, out, _IOFBF, sizeof out);
  for (int i = 0; i < 7; i++) { sizes[i] = strlen(blocks[i]); lengths[i] = strlen(lines[i]); }
  while ((length = getline(&line, &capacity, stdin)) > 0) {
    if (line[length - 1] == '\n') length--;
    for (int i = 0; i < 7; i++) {
      if ((size_t)length == lengths[i] && memcmp(line, lines[i], length) == 0) {
        /* "Build #N\n", the digits written backwards from the end of the buffer. */
        char *end = heading + sizeof heading, *p = end;
        *--p = '\n';
        unsigned long n = ++number;
        do { *--p = (char)('0' + n % 10); n /= 10; } while (n);
        p -= 7;
        memcpy(p, "Build #", 7);
        fwrite_unlocked(p, 1, (size_t)(end - p), stdout);
        fwrite_unlocked(blocks[i], 1, sizes[i], stdout);
        break;
      }
    }
  }
  free(line);
  return 0;
}
