// System calls of the C library that Swift's Glibc module does not export (they need _GNU_SOURCE).
#ifndef PROGRESS_RENDER_CSYSTEM_SHIM_H
#define PROGRESS_RENDER_CSYSTEM_SHIM_H

#if defined(__linux__)
/// Renames `oldpath` to `newpath` (glibc >= 2.28); with `CSYSTEM_RENAME_EXCHANGE` both must exist
/// and are swapped atomically.
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// `RENAME_EXCHANGE` of <linux/fs.h>.
static const unsigned int CSYSTEM_RENAME_EXCHANGE = 2;

/// Starts writing a range of a file's dirty pages to disk (`nbytes` 0: to the end) without waiting.
int sync_file_range(int fd, long long offset, long long nbytes, unsigned int flags);

/// `SYNC_FILE_RANGE_WRITE` of <fcntl.h>.
static const unsigned int CSYSTEM_SYNC_FILE_RANGE_WRITE = 2;

/// Writes the set of processors thread or process `pid` (0: the caller) may run on into `mask`, a bit
/// per processor in `cpusetsize` bytes.
int sched_getaffinity(int pid, unsigned long cpusetsize, void *mask);
#endif
// Darwin's counterpart, `renamex_np(…, RENAME_SWAP)`, is in its <stdio.h> and Swift's Darwin module.

#endif
