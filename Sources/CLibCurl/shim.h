// libcurl's easy interface (Debian: libcurl4-openssl-dev, pkg-config name "libcurl"), for
// WebFetch's Exchange. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call: these typed wrappers pass each kind of argument as libcurl expects it.
#include <curl/curl.h>

static inline CURLcode nw_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode nw_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode nw_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode nw_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode nw_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}

typedef size_t (*nw_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*nw_curl_progress_callback)(
    void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode nw_curl_set_write(CURL *curl, nw_curl_data_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode nw_curl_set_header(CURL *curl, nw_curl_data_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode nw_curl_set_progress(CURL *curl, nw_curl_progress_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode nw_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}

static inline CURLcode nw_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
