// libxml2's HTML parser and XPath (Debian: libxml2-dev, pkg-config name "libxml-2.0").
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its headers then clash with Foundation's own ICU
// module ("'UErrorCode' has different definitions"). Nothing here needs ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

// xmlFree is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void cxml_free(void *p) { xmlFree(p); }

// libxml2 prints its own errors (the parser's, XPath's "growing nodeset hit limit") to stderr;
// the tool says what went wrong in its own words, so the library's are dropped. The handlers
// are per thread: set before each parse and query.
static void cxml_ignore(void *context, const char *message, ...) { (void)context; (void)message; }
static void cxml_ignore_structured(void *context, const xmlError *error) { (void)context; (void)error; }
static inline void cxml_quiet(void) {
    xmlSetGenericErrorFunc(NULL, cxml_ignore);
    xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)cxml_ignore_structured);
}
