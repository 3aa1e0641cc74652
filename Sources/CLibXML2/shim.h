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
