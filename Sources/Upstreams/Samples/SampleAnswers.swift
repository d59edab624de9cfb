import Foundation
import NewsModel

/// The bundled NewsAPI search answer and DuckDuckGo answer of `newsfeed demo`, beside
/// ``SampleHeadlines``: realistic shapes (an `everything` answer has no ` - Source` title
/// suffix and mixes languages of punctuation; a disambiguation answer has groups, a topic
/// repeated across them, relative and empty icons), fictional publishers under `.example`.
public enum SampleAnswers {
    /// The demo's search feed.
    public static let searchFeed = FeedSpec(kind: .search(NewsAPISearch(query: "climate change", language: "en")))
    /// The demo's DuckDuckGo feed: the query the Duck app shows on first launch.
    public static let duckDuckGoFeed = FeedSpec(kind: .duckDuckGo(query: "apple"))
    /// Every feed of `newsfeed demo`: the headline samples, the search and the DuckDuckGo answer.
    public static let demoFeeds = SampleHeadlines.feeds + [searchFeed, duckDuckGoFeed]

    /// NewsAPI `/v2/everything?q=climate change&language=en&sortBy=publishedAt`: nine articles,
    /// one without an image, one with HTML in its description, one repeated URL, one `[Removed]`.
    package static let climateChange = #"""
        {
         "status": "ok",
         "totalResults": 1843,
         "articles": [
          {
           "source": {"id": null, "name": "Harbor Ledger"},
           "author": "Priya Natarajan",
           "title": "Coastal towns weigh managed retreat as sea-level projections rise",
           "description": "Planners in three coastal counties are drafting buyout programs after new climate change projections doubled the expected flooding days by 2050.",
           "url": "https://harborledger.example/2026/11/30/coastal-managed-retreat",
           "urlToImage": "https://media.harborledger.example/images/retreat-1200.jpg",
           "publishedAt": "2026-11-30T18:42:00Z",
           "content": "Planners in three coastal counties are drafting buyout programs after new projections doubled the expected flooding days by 2050. The proposals would let homeowners sell flood-prone lots to the county… [+4120 chars]"
          },
          {
           "source": {"id": null, "name": "The Northern Dispatch"},
           "author": "Lars Eklund, Mia Holm",
           "title": "Arctic sea ice hits a record low for late November",
           "description": "Satellite data show the ice edge retreating 300 km further north than the 1991–2020 average, a signal researchers tie directly to climate change.",
           "url": "https://northerndispatch.example/science/arctic-ice-record-low",
           "urlToImage": "https://cdn.northerndispatch.example/arctic-ice.png",
           "publishedAt": "2026-11-30T11:05:13.4410000Z",
           "content": null
          },
          {
           "source": {"id": null, "name": "Greenfield Times"},
           "author": null,
           "title": "Farmers turn to drought-tolerant wheat as climate change reshapes the Plains",
           "description": "<p>Seed companies report <b>record orders</b> for varieties bred to survive hotter, drier summers.</p>",
           "url": "https://greenfieldtimes.example/ag/drought-tolerant-wheat",
           "urlToImage": null,
           "publishedAt": "2026-11-29T22:30:00+00:00",
           "content": "Seed companies report record orders for varieties bred to survive hotter, drier summers.\r\nAgronomists say the shift is the fastest they have seen in decades… [+2210 chars]"
          },
          {
           "source": {"id": null, "name": "Metro Wire"},
           "author": "https://metrowire.example/staff/jordan-blake",
           "title": "City council passes heat-action plan after summer of records",
           "description": "The plan adds 40 cooling centres, shade requirements for bus stops and a heat-warning text service.",
           "url": "https://metrowire.example/local/heat-action-plan",
           "urlToImage": "//img.metrowire.example/heat-plan.webp",
           "publishedAt": "2026-11-29T16:00:00Z",
           "content": "The plan adds 40 cooling centres, shade requirements for bus stops and a heat-warning text service… [+1875 chars]"
          },
          {
           "source": {"id": null, "name": "Harbor Ledger"},
           "author": "Priya Natarajan",
           "title": "Coastal towns weigh managed retreat as sea-level projections rise",
           "description": "Planners in three coastal counties are drafting buyout programs.",
           "url": "https://harborledger.example/2026/11/30/coastal-managed-retreat",
           "urlToImage": "https://media.harborledger.example/images/retreat-1200.jpg",
           "publishedAt": "2026-11-30T18:42:00Z",
           "content": null
          },
          {
           "source": {"id": null, "name": "Policy Brief Daily"},
           "author": "Ana Ruiz",
           "title": "What the new emissions-trading rules mean for steelmakers",
           "description": "Free allowances fall by a third from 2027; the industry says it needs faster grid connections to electrify furnaces.",
           "url": "https://policybrief.example/energy/emissions-trading-steel",
           "urlToImage": "https://policybrief.example/assets/steel-furnace.jpg",
           "publishedAt": "2026-11-29T09:15:00Z",
           "content": "Free allowances fall by a third from 2027… [+3302 chars]"
          },
          {
           "source": {"id": null, "name": "Science Notebook"},
           "author": "Dr. Helen Okafor",
           "title": "Why a warmer ocean makes hurricanes intensify faster",
           "description": "Rapid intensification, a jump of 55 km/h in a day, has become twice as common over the Atlantic since the 1980s.",
           "url": "https://sciencenotebook.example/oceans/rapid-intensification",
           "urlToImage": "https://sciencenotebook.example/img/hurricane.jpg",
           "publishedAt": "2026-11-28T20:47:00Z",
           "content": "Rapid intensification has become twice as common over the Atlantic since the 1980s… [+5120 chars]"
          },
          {
           "source": {"id": null, "name": "[Removed]"},
           "author": null,
           "title": "[Removed]",
           "description": "[Removed]",
           "url": "https://removed.com",
           "urlToImage": null,
           "publishedAt": "1970-01-01T00:00:00Z",
           "content": "[Removed]"
          },
          {
           "source": {"id": null, "name": "Mountain Courier"},
           "author": "Tomás Ferreira",
           "title": "Alpine glaciers lost 4% of their ice this year, monitoring network says",
           "description": "A hot summer and little winter snow left the Rhône and Aletsch glaciers thinner than at any point since records began.",
           "url": "https://mountaincourier.example/environment/glaciers-2026",
           "urlToImage": "https://mountaincourier.example/media/aletsch.jpeg",
           "publishedAt": "2026-11-28T14:20:00Z",
           "content": "A hot summer and little winter snow left the glaciers thinner than at any point since records began… [+2890 chars]"
          },
          {
           "source": {"id": null, "name": "Harbor Ledger"},
           "author": "Sam Whitaker",
           "title": "Insurers pull back from wildfire zones, leaving homeowners to state plans",
           "description": "Two more carriers stopped writing new policies in high-risk counties, citing losses linked to a hotter, drier climate.",
           "url": "https://harborledger.example/2026/11/28/insurers-wildfire-zones",
           "urlToImage": "https://media.harborledger.example/images/wildfire-insurance.jpg",
           "publishedAt": "2026-11-28T07:55:00Z",
           "content": null
          }
         ]
        }
        """#

    /// A DuckDuckGo disambiguation answer (Type D) for "apple", in DuckDuckGo's shape: every field
    /// present, empty ones `""`, a plain topic list followed by named groups, `Result` holding the
    /// name as a link, icons relative or empty, `Width`/`Height` numbers or strings, and one
    /// topic repeated in a group.
    package static let apple = #"""
        {
         "Abstract": "",
         "AbstractSource": "",
         "AbstractText": "",
         "AbstractURL": "",
         "Answer": "",
         "AnswerType": "",
         "Definition": "",
         "DefinitionSource": "",
         "DefinitionURL": "",
         "Entity": "",
         "Heading": "Apple",
         "Image": "",
         "ImageHeight": "",
         "ImageIsLogo": "",
         "ImageWidth": "",
         "Infobox": "",
         "Redirect": "",
         "RelatedTopics": [
          {
           "FirstURL": "https://duckduckgo.com/Apple",
           "Icon": {"Height": "", "URL": "/i/9d5f8a1e.jpg", "Width": ""},
           "Result": "<a href=\"https://duckduckgo.com/Apple\">Apple</a> An apple is a round, edible fruit produced by an apple tree (Malus spp., among them the domestic or orchard apple; Malus domestica).",
           "Text": "Apple An apple is a round, edible fruit produced by an apple tree (Malus spp., among them the domestic or orchard apple; Malus domestica)."
          },
          {
           "FirstURL": "https://duckduckgo.com/Apple_Inc.",
           "Icon": {"Height": 16, "URL": "/i/apple.com.ico", "Width": 16},
           "Result": "<a href=\"https://duckduckgo.com/Apple_Inc.\">Apple Inc.</a> An American multinational technology company headquartered in Cupertino, California, in Silicon Valley.",
           "Text": "Apple Inc. An American multinational technology company headquartered in Cupertino, California, in Silicon Valley."
          },
          {
           "Name": "Businesses and organizations",
           "Topics": [
            {
             "FirstURL": "https://duckduckgo.com/Apple_Inc.",
             "Icon": {"Height": "", "URL": "/i/apple.com.ico", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/Apple_Inc.\">Apple Inc.</a> An American technology company.",
             "Text": "Apple Inc. An American technology company."
            },
            {
             "FirstURL": "https://duckduckgo.com/Apple_Corps",
             "Icon": {"Height": "", "URL": "", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/Apple_Corps\">Apple Corps</a> A multimedia corporation founded in London in 1968 by the members of the Beatles.",
             "Text": "Apple Corps A multimedia corporation founded in London in 1968 by the members of the Beatles."
            },
            {
             "FirstURL": "https://duckduckgo.com/Apple_Bank_for_Savings",
             "Icon": {"Height": "", "URL": "", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/Apple_Bank_for_Savings\">Apple Bank for Savings</a> A New York State-chartered bank &amp; savings institution.",
             "Text": "Apple Bank for Savings A New York State-chartered bank & savings institution."
            }
           ]
          },
          {
           "Name": "People",
           "Topics": [
            {
             "FirstURL": "https://duckduckgo.com/Fiona_Apple",
             "Icon": {"Height": "", "URL": "/i/5c0e3b2d.jpg", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/Fiona_Apple\">Fiona Apple</a> Fiona Apple McAfee-Maggart is an American singer-songwriter.",
             "Text": "Fiona Apple Fiona Apple McAfee-Maggart is an American singer-songwriter."
            },
            {
             "FirstURL": "https://duckduckgo.com/Billy_Apple",
             "Icon": {"Height": "", "URL": "", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/Billy_Apple\">Billy Apple</a> A New Zealand pop artist (1935–2021).",
             "Text": "Billy Apple A New Zealand pop artist (1935–2021)."
            }
           ]
          },
          {
           "Name": "See also",
           "Topics": [
            {
             "FirstURL": "https://duckduckgo.com/c/Apples",
             "Icon": {"Height": "", "URL": "", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/c/Apples\">Apples</a>",
             "Text": "Apples"
            },
            {
             "FirstURL": "https://duckduckgo.com/Big_Apple",
             "Icon": {"Height": "", "URL": "", "Width": ""},
             "Result": "<a href=\"https://duckduckgo.com/Big_Apple\">Big Apple</a> - A nickname for New York City.",
             "Text": "Big Apple - A nickname for New York City."
            }
           ]
          }
         ],
         "Results": [],
         "Type": "D",
         "meta": {"id": "wikipedia_fathead", "name": "Wikipedia", "src_domain": "en.wikipedia.org", "status": "live"}
        }
        """#
}
