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
#endif
