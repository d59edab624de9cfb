#ifndef NEWSFEED_CCURL_SHIM_H
#define NEWSFEED_CCURL_SHIM_H
/* libcurl (Debian libcurl4-openssl-dev): the one HTTP client for every outbound request (HTTPFetching's
 * CurlEngine). curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, which Swift cannot call;
 * these non-variadic wrappers pass each option with the C type libcurl reads for it, so nothing is left to
 * default argument promotion. */
#include <curl/curl.h>

static inline CURLcode nf_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode nf_easy_setopt_ptr(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/* libcurl copies the string (since 7.17), so the caller's buffer may go away after the call. */
static inline CURLcode nf_easy_setopt_str(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode nf_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: (buffer, 1, length, userdata) -> bytes taken. */
typedef size_t (*nf_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode nf_easy_setopt_data_callback(CURL *handle, CURLoption option, nf_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/* CURLOPT_OPENSOCKETFUNCTION: returns the new socket, or CURL_SOCKET_BAD to refuse the address. */
typedef curl_socket_t (*nf_opensocket_callback)(void *userdata, curlsocktype purpose, struct curl_sockaddr *address);

static inline CURLcode nf_easy_setopt_opensocket_callback(CURL *handle, nf_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode nf_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode nf_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode nf_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/* CURL_SOCKET_BAD is a macro Swift does not import. */
static inline curl_socket_t nf_socket_bad(void) { return CURL_SOCKET_BAD; }

#endif
