#ifndef NEWSFEED_CEPOLL_SHIM_H
#define NEWSFEED_CEPOLL_SHIM_H
/* epoll, eventfd and sendfile as the C library declares them, so the compiler checks every call and
 * `struct epoll_event` has the layout of the architecture being built (packed on x86-64 only). */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/sendfile.h>

/* accept4 is a GNU extension, declared by <sys/socket.h> only under _GNU_SOURCE, which the Swift
 * toolchain does not define; this is the C library's prototype (glibc since 2.10, socklen_t being
 * unsigned int). <sys/socket.h> itself stays out: the toolchain's Glibc module owns it, and a second
 * copy here would hide SOCK_STREAM and the rest from files that import Glibc alone. */
struct sockaddr;
extern int accept4(int fd, struct sockaddr *address, unsigned int *length, int flags);

/* memfd_create (glibc since 2.27) is declared by <sys/mman.h> only under _GNU_SOURCE, and mallopt by <malloc.h>,
 * which the Glibc module leaves out; both headers stay out for the reason above (the Glibc module owns
 * <sys/mman.h>, and <malloc.h> brings <stdio.h>). These are glibc's prototypes, and its values of the two
 * constants used: MFD_CLOEXEC (<bits/mman-shared.h>) and M_ARENA_MAX (<malloc.h>). */
extern int memfd_create(const char *name, unsigned int flags);
extern int mallopt(int param, int value);
static const unsigned int newsfeed_mfd_cloexec = 1U;
static const int newsfeed_m_arena_max = -8;
#endif
