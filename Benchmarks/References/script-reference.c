/* The C reference for scripts/bench (SPEC §6): parses and prints what `configurator --batch`
 * prints for the benchmark scripts, byte for byte, in text format: `build MODEL [SLOT=VALUE…]`
 * for the three built-in models (any ASCII case, blanks and tabs, quoted words, options in
 * any order, default values allowed), `show N`, `stock add N [QTY]`, `builds`, blank lines
 * and `#` comments. It keeps what the session keeps (every build's configuration, the stock
 * lines with their quantities) and parses every line: there is no cache of lines. Lines it
 * does not understand are reported on stderr; the generated scripts have none. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SPORTS, COMPACT, SUV };
static const char *model_ids[] = {"sports", "compact", "suv"};
static const char *car_types[] = {"Porsche Boxster", "VW Golf", "Cadillac Escalade"};
static const char *seats[] = {"2", "4", "8"};
static const char *engines[] = {"Mid", "Front", "Front"};
static const long base_cents[] = {7290000, 2850000, 8999000};
/* Per model: default suspension and drive, and whether firm / 4wd are allowed (surcharge). */
static const char *default_suspension[] = {"Firm", "Standard", "Soft"};
static const char *default_drive[] = {"Rear", "Front", "4WD"};
static const long firm_cents[] = {-1, 125000, -1};
static const long awd_cents[] = {365000, 240000, -1};

/* A configuration: model, and whether firm suspension / 4wd drive were chosen. */
typedef struct { int model, firm, awd; } Config;
#define CONFIGS 12
static char blocks[CONFIGS][256];
static size_t block_lengths[CONFIGS];
static char names[CONFIGS][64];
static char prices[CONFIGS][32];
static int made[CONFIGS];

static int config_index(Config c) { return c.model * 4 + c.firm * 2 + c.awd; }

static void format_price(long cents, char *out) {
  char digits[32];
  int n = sprintf(digits, "%ld", cents / 100), k = 0;
  out[k++] = '$';
  for (int i = 0; i < n; i++) {
    if (i > 0 && (n - i) % 3 == 0) out[k++] = ',';
    out[k++] = digits[i];
  }
  sprintf(out + k, ".%02ld", cents % 100);
}

/* Counts are grouped in threes as the session's en_US currency groups them: 1,001. */
static void format_count(long value, char *out) {
  char digits[32];
  int n = sprintf(digits, "%ld", value), k = 0;
  for (int i = 0; i < n; i++) {
    if (i > 0 && (n - i) % 3 == 0) out[k++] = ',';
    out[k++] = digits[i];
  }
  out[k] = 0;
}

static void make(Config c) {
  int i = config_index(c);
  if (made[i]) return;
  made[i] = 1;
  long cents = base_cents[c.model] + (c.firm ? firm_cents[c.model] : 0) + (c.awd ? awd_cents[c.model] : 0);
  format_price(cents, prices[i]);
  block_lengths[i] = sprintf(blocks[i],
    "Car type: %s\nSeats: %s\nEngine: %s\nSuspension: %s\nDrive: %s\nPrice: %s\n",
    car_types[c.model], seats[c.model], engines[c.model], c.firm ? "Firm" : default_suspension[c.model],
    c.awd ? "4WD" : default_drive[c.model], prices[i]);
  if (c.firm && c.awd) sprintf(names[i], "%s (Firm, 4WD)", car_types[c.model]);
  else if (c.firm) sprintf(names[i], "%s (Firm)", car_types[c.model]);
  else if (c.awd) sprintf(names[i], "%s (4WD)", car_types[c.model]);
  else strcpy(names[i], car_types[c.model]);
}

/* Builds in number order: the configuration of build N is builds[N - 1]. */
static unsigned char *builds;
static size_t build_count, build_capacity;
/* Stock lines added from builds (SPEC §12): one line per specification, numbered S-6, S-7, …
 * on its first `stock add` (S-1 to S-5 are the starting stock, which carries no
 * specification, so a build never adds to it); 0 = no line yet. */
static long stock[CONFIGS], stock_number[CONFIGS], next_stock_number = 6;

static int equals_folded(const char *word, size_t length, const char *keyword) {
  if (strlen(keyword) != length) return 0;
  for (size_t i = 0; i < length; i++) {
    char c = word[i];
    if (c >= 'A' && c <= 'Z') c += 32;
    if (c != keyword[i]) return 0;
  }
  return 1;
}

/* Splits a line into words in place (quotes removed); returns the count. */
#define MAX_WORDS 16
static int split(char *line, size_t length, char **words, size_t *lengths) {
  int count = 0;
  size_t i = 0;
  while (i < length) {
    if (line[i] == ' ' || line[i] == '\t') { i++; continue; }
    if (count == MAX_WORDS) return -1;
    char *out = line + i, quote = 0;
    words[count] = out;
    while (i < length) {
      char c = line[i++];
      if (quote) { if (c == quote) quote = 0; else *out++ = c; }
      else if (c == '"' || c == '\'') quote = c;
      else if (c == ' ' || c == '\t') break;
      else *out++ = c;
    }
    if (quote) return -1;
    lengths[count] = (size_t)(out - words[count]);
    count++;
  }
  return count;
}

static long parse_number(const char *word, size_t length) {
  if (length == 0 || length > 18) return -1;
  long value = 0;
  for (size_t i = 0; i < length; i++) {
    if (word[i] < '0' || word[i] > '9') return -1;
    value = value * 10 + (word[i] - '0');
  }
  return value;
}

static void print_builds(void) {
  if (build_count == 0) { fputs("No builds yet. Try 'build sports'.\n", stdout); return; }
  size_t wn = 1, wm = 5, wc = 3, wp = 5;
  char number[24];
  wn = (size_t)sprintf(number, "%zu", build_count) > wn ? strlen(number) : wn;
  for (int i = 0; i < CONFIGS; i++) {
    if (!made[i]) continue;
    if (strlen(model_ids[i / 4]) > wm) wm = strlen(model_ids[i / 4]);
    if (strlen(names[i]) > wc) wc = strlen(names[i]);
    if (strlen(prices[i]) > wp) wp = strlen(prices[i]);
  }
  /* Configurations are made only by `build`, so every one made has builds. */
  printf("%*s  %-*s  %-*s  %*s\n", (int)wn, "#", (int)wm, "MODEL", (int)wc, "CAR", (int)wp, "PRICE");
  for (size_t b = 0; b < build_count; b++) {
    int i = builds[b];
    printf("%*zu  %-*s  %-*s  %*s\n", (int)wn, b + 1, (int)wm, model_ids[i / 4], (int)wc, names[i],
      (int)wp, prices[i]);
  }
}

static int run(char *line, size_t length) {
  char *words[MAX_WORDS];
  size_t lengths[MAX_WORDS];
  size_t start = 0;
  while (start < length && (line[start] == ' ' || line[start] == '\t')) start++;
  if (start == length || line[start] == '#') return 0;
  int count = split(line, length, words, lengths);
  if (count <= 0) return -1;
  if (equals_folded(words[0], lengths[0], "build")) {
    if (count < 2) return -1;
    Config c = {-1, 0, 0};
    for (int m = 0; m < 3; m++)
      if (equals_folded(words[1], lengths[1], model_ids[m])) c.model = m;
    if (c.model < 0) return -1;
    int seen[3] = {0, 0, 0};
    for (int w = 2; w < count; w++) {
      char *eq = memchr(words[w], '=', lengths[w]);
      if (!eq) return -1;
      size_t nl = eq - words[w], vl = lengths[w] - nl - 1;
      char *v = eq + 1;
      int slot = equals_folded(words[w], nl, "floorplan") ? 0
        : equals_folded(words[w], nl, "suspension") ? 1
        : equals_folded(words[w], nl, "drive") ? 2 : -1;
      if (slot < 0 || seen[slot]++) return -1;
      if (slot == 0) {
        const char *plan[] = {"short", "standard", "long"};
        if (!equals_folded(v, vl, plan[c.model])) return -1;
      } else if (slot == 1) {
        if (equals_folded(v, vl, "firm") && firm_cents[c.model] >= 0) c.firm = 1;
        else if (!equals_folded(v, vl, c.model == SPORTS ? "firm" : c.model == COMPACT ? "standard" : "soft")) return -1;
      } else {
        if (equals_folded(v, vl, "4wd") && awd_cents[c.model] >= 0) c.awd = 1;
        else if (!equals_folded(v, vl, c.model == SPORTS ? "rear" : c.model == COMPACT ? "front" : "4wd")) return -1;
      }
    }
    make(c);
    int i = config_index(c);
    if (build_count == build_capacity) {
      build_capacity = build_capacity ? build_capacity * 2 : 1024;
      builds = realloc(builds, build_capacity);
      if (!builds) exit(1);
    }
    builds[build_count++] = (unsigned char)i;
    printf("Build #%zu\n", build_count);
    fwrite_unlocked(blocks[i], 1, block_lengths[i], stdout);
    return 0;
  }
  if (equals_folded(words[0], lengths[0], "show") && count == 2) {
    long n = parse_number(words[1], lengths[1]);
    if (n < 1 || (size_t)n > build_count) return -1;
    int i = builds[n - 1];
    printf("Build #%ld\n", n);
    fwrite_unlocked(blocks[i], 1, block_lengths[i], stdout);
    return 0;
  }
  if (equals_folded(words[0], lengths[0], "stock") && count >= 3 && count <= 4
      && equals_folded(words[1], lengths[1], "add")) {
    long n = parse_number(words[2], lengths[2]), quantity = 1;
    if (n < 1 || (size_t)n > build_count) return -1;
    if (count == 4 && (quantity = parse_number(words[3], lengths[3])) < 1) return -1;
    int i = builds[n - 1];
    if (stock_number[i] == 0) stock_number[i] = next_stock_number++;
    stock[i] += quantity;
    char added[32], held[32];
    format_count(quantity, added);
    format_count(stock[i], held);
    printf("Added %s \xC3\x97 %s to stock as S-%ld (%s in stock).\n", added, names[i], stock_number[i], held);
    return 0;
  }
  if (equals_folded(words[0], lengths[0], "builds") && count == 1) {
    print_builds();
    return 0;
  }
  return -1;
}

int main(void) {
  static char out[1 << 16];
  setvbuf(stdout, out, _IOFBF, sizeof out);
  char *line = NULL;
  size_t capacity = 0, number = 0;
  ssize_t length;
  int status = 0;
  while ((length = getline(&line, &capacity, stdin)) > 0) {
    number++;
    if (line[length - 1] == '\n') length--;
    if (length > 0 && line[length - 1] == '\r') length--;
    if (run(line, (size_t)length) != 0) {
      fflush(stdout);
      fprintf(stderr, "script-reference: line %zu: not understood\n", number);
      status = 1;
    }
  }
  free(line);
  return status;
}
