#ifndef NEWSFEED_CLIBXML2_SHIM_H
#define NEWSFEED_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU; its encoding.h would pull the system ICU
// headers, which clash with the ICU Foundation carries ("'UErrorCode' has
// different definitions in different modules"). Hiding ICU here only hides
// ICU fields of xmlCharEncodingHandler, which Swift never allocates.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
// xmlSAX2EndElementNs: a publisher's feed takes its items out of the tree as each one ends.
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
// xmlSwitchToEncoding: the article parser sets up its SAX context as htmlReadMemory does.
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
// Site rules (ftr-site-config): XPath over libxml2's own HTML document, written back as HTML.
#include <libxml/xpath.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlIO.h>

#endif
