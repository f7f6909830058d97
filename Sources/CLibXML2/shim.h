#ifndef CDMIGRATE_CLIBXML2_SHIM_H
#define CDMIGRATE_CLIBXML2_SHIM_H
// libxml2's SAX2 parser, driven directly: model and mapping files are parsed without building a DOM and
// without Foundation's XMLParser in between (which copied every element's attributes into a dictionary).
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so its encoding header would include ICU's own headers, which clash
// with the copy Foundation carries (`_FoundationICU`). Nothing here uses libxml2's ICU converters, and the
// only structure that changes with this setting (the encoding handler) is reached through pointers only.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/// `XML_SAX2_MAGIC` is a macro Swift cannot import: marks a handler as SAX2, so libxml2 reports structured
/// errors to its `serror` callback and elements to `startElementNs`.
static inline unsigned int cdm_xml_sax2_magic(void) {
    return XML_SAX2_MAGIC;
}
#endif
