#ifndef NEWSFEED_CCURL_SHIM_H
#define NEWSFEED_CCURL_SHIM_H
/* libcurl (Debian libcurl4, soname libcurl.so.4): the one HTTP client for every outbound request (HTTPFetching's
 * CurlEngine).
 *
 * libcurl is not linked: linked, it and the 30-odd libraries it brings (OpenSSL, GnuTLS, Kerberos, LDAP, SSH, …)
 * would be mapped and relocated at the start of every command, half of a `convert`'s start-up (4 ms) and 6 MB of
 * its memory, though most commands never make a request (bench/README.md). `nf_curl_load` maps it with `dlopen` when
 * the first exchange starts, and every call below goes through `NF_CURL(name)`, which finds `name` in the loaded
 * library with `dlsym`, typed as curl.h declares it. Only curl.h's types and constants are read at build time
 * (libcurl4-openssl-dev); the functions used need libcurl 7.85 or later (`CURLOPT_PROTOCOLS_STR`), Debian 12 has
 * 7.88.
 *
 * curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; the non-variadic
 * wrappers pass each option with the C type libcurl reads for it, so nothing is left to default argument promotion. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

#define NF_CURL_SONAME "libcurl.so.4"

/* `name` from the loaded libcurl (looked up in libcurl.so.4 itself, not in whatever the process has first), as a
 * pointer of curl.h's type for it. Only after `nf_curl_load` succeeded. Looked up once per function (`dlsym` takes
 * the loader's lock) and kept; threads racing on the first call store the same address. */
#define NF_CURL(name)                                                                                                  \
    ({                                                                                                                 \
        static __typeof__(&name) nf_found;                                                                             \
        __typeof__(&name) nf_function = __atomic_load_n(&nf_found, __ATOMIC_ACQUIRE);                                  \
        if (nf_function == NULL) {                                                                                     \
            void *nf_library = dlopen(NF_CURL_SONAME, RTLD_NOW | RTLD_NOLOAD);                                         \
            nf_function = nf_library != NULL ? (__typeof__(&name))dlsym(nf_library, #name) : NULL;                     \
            if (nf_library != NULL) dlclose(nf_library);                                                               \
            __atomic_store_n(&nf_found, nf_function, __ATOMIC_RELEASE);                                                \
        }                                                                                                              \
        nf_function;                                                                                                   \
    })

/* Maps libcurl into the process (once; later calls find it loaded) and checks that it has every function used
 * here. NULL on success, else the reason. */
static inline const char *nf_curl_load(void) {
    if (dlopen(NF_CURL_SONAME, RTLD_NOW | RTLD_GLOBAL) == NULL) {
        const char *reason = dlerror();
        return reason != NULL ? reason : "dlopen failed";
    }
    if (NF_CURL(curl_multi_wakeup) == NULL || NF_CURL(curl_multi_poll) == NULL) {
        return NF_CURL_SONAME " is older than 7.68 (no curl_multi_wakeup)";
    }
    const curl_version_info_data *info = NF_CURL(curl_version_info)(CURLVERSION_NOW);
    if (info == NULL || info->version_num < 0x075500) return NF_CURL_SONAME " is older than 7.85";
    return NULL;
}

static inline CURLcode nf_global_init(long flags) { return NF_CURL(curl_global_init)(flags); }
static inline CURL *nf_easy_init(void) { return NF_CURL(curl_easy_init)(); }
static inline void nf_easy_cleanup(CURL *handle) { NF_CURL(curl_easy_cleanup)(handle); }

static inline struct curl_slist *nf_slist_append(struct curl_slist *list, const char *line) {
    return NF_CURL(curl_slist_append)(list, line);
}

static inline void nf_slist_free_all(struct curl_slist *list) { NF_CURL(curl_slist_free_all)(list); }

static inline CURLM *nf_multi_init(void) { return NF_CURL(curl_multi_init)(); }

static inline CURLMcode nf_multi_add_handle(CURLM *multi, CURL *handle) {
    return NF_CURL(curl_multi_add_handle)(multi, handle);
}

static inline CURLMcode nf_multi_remove_handle(CURLM *multi, CURL *handle) {
    return NF_CURL(curl_multi_remove_handle)(multi, handle);
}

static inline CURLMcode nf_multi_perform(CURLM *multi, int *running) {
    return NF_CURL(curl_multi_perform)(multi, running);
}

static inline CURLMsg *nf_multi_info_read(CURLM *multi, int *left) { return NF_CURL(curl_multi_info_read)(multi, left); }

static inline CURLMcode nf_multi_poll(CURLM *multi, int timeout_ms) {
    return NF_CURL(curl_multi_poll)(multi, NULL, 0, timeout_ms, NULL);
}

/* Safe from any thread (libcurl documents it so): how callers wake the engine's thread. */
static inline CURLMcode nf_multi_wakeup(CURLM *multi) { return NF_CURL(curl_multi_wakeup)(multi); }

static inline CURLcode nf_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return NF_CURL(curl_easy_setopt)(handle, option, value);
}

static inline CURLcode nf_easy_setopt_ptr(CURL *handle, CURLoption option, void *value) {
    return NF_CURL(curl_easy_setopt)(handle, option, value);
}

/* libcurl copies the string (since 7.17), so the caller's buffer may go away after the call. */
static inline CURLcode nf_easy_setopt_str(CURL *handle, CURLoption option, const char *value) {
    return NF_CURL(curl_easy_setopt)(handle, option, value);
}

static inline CURLcode nf_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
    return NF_CURL(curl_easy_setopt)(handle, option, list);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: (buffer, 1, length, userdata) -> bytes taken. */
typedef size_t (*nf_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode nf_easy_setopt_data_callback(CURL *handle, CURLoption option, nf_data_callback callback) {
    return NF_CURL(curl_easy_setopt)(handle, option, callback);
}

/* CURLOPT_OPENSOCKETFUNCTION: returns the new socket, or CURL_SOCKET_BAD to refuse the address. */
typedef curl_socket_t (*nf_opensocket_callback)(void *userdata, curlsocktype purpose, struct curl_sockaddr *address);

static inline CURLcode nf_easy_setopt_opensocket_callback(CURL *handle, nf_opensocket_callback callback) {
    return NF_CURL(curl_easy_setopt)(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode nf_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return NF_CURL(curl_easy_getinfo)(handle, info, value);
}

/* CURL_SOCKET_BAD is a macro Swift does not import. */
static inline curl_socket_t nf_socket_bad(void) { return CURL_SOCKET_BAD; }

#endif
