/* Runs one command and reports its wall time, CPU time and peak RSS.
 *
 * Why not measure from Python directly: on Linux a child's ru_maxrss includes the RSS
 * of the process it was forked from until exec, so a child of a 17 MB Python process
 * never reports less than 17 MB. Forked from this small program, the floor is ~1 MB.
 *
 * Usage: bench_spawn REPORT COMMAND [ARG...]
 * stdin/stdout/stderr are inherited. REPORT receives one line:
 *   wall_ns cpu_us maxrss_bytes exit_code
 * exit_code is 128+N when the command was killed by signal N. This program exits 0
 * when it could run the command, 127 when it could not.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: bench_spawn REPORT COMMAND [ARG...]\n");
        return 127;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("bench_spawn: fork");
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "bench_spawn: %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) {
            perror("bench_spawn: wait4");
            return 127;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long wall = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    long long cpu = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL
                    + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
#ifdef __APPLE__
    long long rss = ru.ru_maxrss; /* bytes on macOS */
#else
    long long rss = (long long)ru.ru_maxrss * 1024; /* KiB on Linux */
#endif
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 127;
    }
    fprintf(f, "%lld %lld %lld %d\n", wall, cpu, rss, code);
    fclose(f);
    return 0;
}
