import Foundation
import NewsModel

/// Realistic NewsAPI answers bundled into the binary for `newsfeed demo`: no key, no network.
///
/// The stories and publishers are fictional (hosts under the reserved `.example`
/// TLD), but the shapes and quirks are NewsAPI's own: titles ending in
/// ` - <source>` (sometimes with a trailing space), null images and
/// descriptions, `[Removed]` placeholders, `… [+N chars]` content, HTML in
/// content, protocol-relative images, seven-digit fractional seconds. Embedded as
/// string literals rather than resources so a copied binary still has them.
public enum SampleHeadlines {
    /// The three headline feeds: us/health, us/technology and gb/science.
    public static let feeds: [FeedSpec] = [
        FeedSpec(country: "us", category: "health"),
        FeedSpec(country: "us", category: "technology"),
        FeedSpec(country: "gb", category: "science"),
    ]

    /// The saved NewsAPI answer for `spec` (matched on country and category, or the search query), or nil for other feeds.
    public static func response(for spec: FeedSpec) -> Data? {
        if case .search(let search) = spec.kind {
            return search.query == "climate change" ? Data(SampleAnswers.climateChange.utf8) : nil
        }
        guard case .headlines(let country, let category) = spec.kind else { return nil }
        return switch (country.lowercased(), category?.lowercased()) {
        case ("us", "health"): Data(usHealth.utf8)
        case ("us", "technology"): Data(usTechnology.utf8)
        case ("gb", "science"): Data(gbScience.utf8)
        default: nil
        }
    }

    /// The saved DuckDuckGo answer for `spec`, or nil for other feeds.
    public static func duckDuckGoAnswer(for spec: FeedSpec) -> Data? {
        guard case .duckDuckGo(let query) = spec.kind, query == "apple" else { return nil }
        return Data(SampleAnswers.apple.utf8)
    }

    /// us/health: ten articles, among them a `[Removed]` placeholder, a Google News item without
    /// description or image, a seven-digit fractional date, an HTML fragment in `content`, a
    /// protocol-relative image and a URL author.
    static let usHealth = #"""
        {
         "status": "ok",
         "totalResults": 10,
         "articles": [
          {
           "source": {
            "id": null,
            "name": "Meridian Herald"
           },
           "author": "Priya Raman",
           "title": "Walking 7,000 steps a day linked to lower heart risk, large study finds - Meridian Herald",
           "description": "Researchers followed more than 40,000 adults for a decade and found benefits levelled off well below the popular 10,000-step target.",
           "url": "https://www.meridianherald.example/health/2025/03/14/walking-steps-heart-risk-study",
           "urlToImage": "https://images.meridianherald.example/2025/03/14/walkers-park-1200x675.jpg",
           "publishedAt": "2025-03-14T16:42:00Z",
           "content": "Researchers followed more than 40,000 adults for a decade and found that people who walked about 7,000 steps a day had a markedly lower risk of heart disease than those who walked… [+3121 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Lakeshore Public Radio"
           },
           "author": "Tom Adeyemi",
           "title": "County clinics add evening hours as flu season drags on - Lakeshore Public Radio ",
           "description": "Three county-run clinics will stay open until 8 p.m. on weekdays through April to ease pressure on emergency rooms.",
           "url": "https://lakeshoreradio.example/news/county-clinics-evening-hours-flu",
           "urlToImage": "https://media.lakeshoreradio.example/assets/img/2025/03/clinic-entrance.png",
           "publishedAt": "2025-03-14T15:10:27+00:00",
           "content": "Three county-run clinics will stay open until 8 p.m. on weekdays through April.\r\nHealth officials said emergency rooms in the region have been running near capacity since January… [+2045 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "The Daily Ledger"
           },
           "author": "https://www.dailyledger.example/staff/jordan-hale",
           "title": "FDA panel backs first nasal spray for severe allergic reactions in children - The Daily Ledger",
           "description": "An advisory committee voted 14-2 in favour of the needle-free epinephrine spray for children who weigh at least 15 kilograms.",
           "url": "https://www.dailyledger.example/2025/03/14/fda-panel-nasal-epinephrine-children",
           "urlToImage": "//cdn.dailyledger.example/photos/2025/03/epinephrine-spray.webp",
           "publishedAt": "2025-03-14T13:58:41.5821493Z",
           "content": "<p>An advisory committee voted 14-2 on Thursday in favour of the needle-free spray.</p><p>Parents&#8217; groups have pushed for an alternative to auto-injectors for years&hellip;</p>… [+1870 chars]"
          },
          {
           "source": {
            "id": "google-news",
            "name": "Google News"
           },
           "author": null,
           "title": "Why some doctors are rethinking daily aspirin - Health Matters Weekly",
           "description": null,
           "url": "https://news.google.com/rss/articles/CBMiQmh0dHBzOi8vd3d3LmhlYWx0aG1hdHRlcnMuZXhhbXBsZS9hc3BpcmluLWRhaWx5LXJldGhpbmvSAQA?oc=5",
           "urlToImage": null,
           "publishedAt": "2025-03-14T12:30:00Z",
           "content": null
          },
          {
           "source": {
            "id": null,
            "name": "Northfield Tribune"
           },
           "author": "- Northfield Tribune Staff",
           "title": "Hospital opens region's first dedicated long COVID clinic - Northfield Tribune",
           "description": "Patients referred by their family doctor will see a team of lung, heart and nerve specialists in a single visit.",
           "url": "https://northfieldtribune.example/local/long-covid-clinic-opens",
           "urlToImage": null,
           "publishedAt": "2025-03-14T11:05:00Z",
           "content": "Patients referred by their family doctor will see a team of lung, heart and nerve specialists in a single visit, the hospital said Friday. The clinic can see about 40 patients a week… [+1432 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "[Removed]"
           },
           "author": null,
           "title": "[Removed]",
           "description": "[Removed]",
           "url": "https://removed.com",
           "urlToImage": null,
           "publishedAt": "1970-01-01T00:00:00Z",
           "content": "[Removed]"
          },
          {
           "source": {
            "id": null,
            "name": "Meridian Herald"
           },
           "author": "Ellen Cho",
           "title": "Sleeping in on weekends may not undo the damage of short weeknights - Meridian Herald",
           "description": "A small sleep-lab study found that two long nights did not restore attention scores after five nights of six-hour sleep.",
           "url": "https://www.meridianherald.example/health/2025/03/13/weekend-catch-up-sleep",
           "urlToImage": "https://images.meridianherald.example/2025/03/13/alarm-clock.jpeg",
           "publishedAt": "2025-03-13T22:15:09Z",
           "content": "A small sleep-lab study found that two long nights did not restore attention scores after five nights of six-hour sleep… [+2689 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Coastline Health News"
           },
           "author": "Dr. Amara Osei",
           "title": "Measles cases rise to 31 in outbreak; officials urge second vaccine dose - Coastline Health News",
           "description": "State officials said most cases are in unvaccinated children and urged families to check that both MMR doses are up to date.",
           "url": "https://www.coastlinehealth.example/outbreaks/measles-cases-rise-31",
           "urlToImage": "https://www.coastlinehealth.example/img/measles vaccine clinic.jpg",
           "publishedAt": "2025-03-13T19:47:33Z",
           "content": "State officials said most cases are in unvaccinated children… [+1554 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Valley Courier"
           },
           "author": "",
           "title": "Five questions to ask before starting a new supplement - Valley Courier",
           "description": "Pharmacists say the label can hide interactions with common prescriptions. Here is what to ask at the counter.",
           "url": "https://valleycourier.example/lifestyle/questions-before-supplements",
           "urlToImage": "https://valleycourier.example/uploads/2025/03/supplements-shelf.gif",
           "publishedAt": "2025-03-13T17:20:00Z",
           "content": null
          },
          {
           "source": {
            "id": null,
            "name": "The Daily Ledger"
           },
           "author": "Jordan Hale",
           "title": "Hearing aids sold over the counter have helped fewer people than hoped, survey shows - The Daily Ledger",
           "description": "Two years after the rule change, price and confusion about fitting keep many adults with mild hearing loss from buying them.",
           "url": "https://www.dailyledger.example/2025/03/13/otc-hearing-aids-survey",
           "urlToImage": "https://cdn.dailyledger.example/photos/2025/03/hearing-aid.avif",
           "publishedAt": "2025-03-13T14:02:18Z",
           "content": "Two years after the rule change, price and confusion about fitting keep many adults with mild hearing loss from buying them, according to a survey published Thursday by… [+2210 chars]"
          }
         ]
        }
        """#

    /// us/technology: ten articles, among them a title that is only ` - <source>`, a null description,
    /// a null image, `+00:00` offsets, an uppercase `.JPG` and an SVG image.
    static let usTechnology = #"""
        {
         "status": "ok",
         "totalResults": 10,
         "articles": [
          {
           "source": {
            "id": null,
            "name": "Circuit Report"
           },
           "author": "Nina Alvarez",
           "title": "Chipmaker unveils low-power AI accelerator for laptops - Circuit Report",
           "description": "The new part promises hours of on-device transcription and image editing without touching the cloud.",
           "url": "https://www.circuitreport.example/2025/03/14/low-power-ai-accelerator-laptops",
           "urlToImage": "https://static.circuitreport.example/uploads/2025/03/accelerator-die.jpg",
           "publishedAt": "2025-03-14T17:05:00Z",
           "content": "The new part promises hours of on-device transcription and image editing without touching the cloud. The company said the first laptops with the chip will ship in the autumn… [+2950 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "ByteWire"
           },
           "author": null,
           "title": "Open-source browser engine passes key web standards test suite - ByteWire",
           "description": "Developers say the milestone means everyday sites now render correctly in the independent engine.",
           "url": "https://bytewire.example/news/open-source-browser-engine-standards",
           "urlToImage": "//img.bytewire.example/2025/03/browser-engine-test.png",
           "publishedAt": "2025-03-14T15:44:12.1234567Z",
           "content": "<p>Developers say the milestone means everyday sites now render correctly.</p>\r\n<ul><li>98% of tests pass</li><li>Releases are monthly</li></ul>… [+1720 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Metro Business Journal"
           },
           "author": "Samuel Ortiz",
           "title": "City's fibre network reaches 100,000 homes ahead of schedule - Metro Business Journal ",
           "description": "The municipal network now covers two-thirds of households, with gigabit plans priced below private competitors.",
           "url": "https://www.metrobizjournal.example/technology/city-fibre-100000-homes",
           "urlToImage": null,
           "publishedAt": "2025-03-14T13:30:00+00:00",
           "content": "The municipal network now covers two-thirds of households… [+1320 chars]"
          },
          {
           "source": {
            "id": "google-news",
            "name": "Google News"
           },
           "author": null,
           "title": "Hands-on with the new foldable: thinner hinge, same old crease - Gadget Corner",
           "description": null,
           "url": "https://news.google.com/rss/articles/CBMiOWh0dHBzOi8vZ2FkZ2V0Y29ybmVyLmV4YW1wbGUvZm9sZGFibGUtaGFuZHMtb27SAQA?oc=5",
           "urlToImage": null,
           "publishedAt": "2025-03-14T12:12:00Z",
           "content": null
          },
          {
           "source": {
            "id": null,
            "name": "Circuit Report"
           },
           "author": "https://www.circuitreport.example/authors/lee-morgan",
           "title": "Password managers add passkey sharing between family members - Circuit Report",
           "description": "Three major password managers now let households share passkeys as easily as shared passwords.",
           "url": "https://www.circuitreport.example/2025/03/14/passkey-sharing-families",
           "urlToImage": "https://static.circuitreport.example/uploads/2025/03/passkeys-phone.webp",
           "publishedAt": "2025-03-14T10:48:55Z",
           "content": "Three major password managers now let households share passkeys as easily as shared passwords, closing one of the gaps that kept families on old habits… [+2411 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "[Removed]"
           },
           "author": null,
           "title": "[Removed]",
           "description": "[Removed]",
           "url": "https://removed.com",
           "urlToImage": null,
           "publishedAt": "1970-01-01T00:00:00Z",
           "content": "[Removed]"
          },
          {
           "source": {
            "id": null,
            "name": "Pacific Tech Daily"
           },
           "author": "Hana Sato",
           "title": "Undersea cable repair restores internet speeds across island nations - Pacific Tech Daily",
           "description": "A repair ship spliced the damaged section after a three-week operation, ending slowdowns for hundreds of thousands of users.",
           "url": "https://pacifictechdaily.example/infrastructure/undersea-cable-repair-complete",
           "urlToImage": "https://pacifictechdaily.example/media/cable-ship.JPG",
           "publishedAt": "2025-03-13T23:59:59Z",
           "content": "A repair ship spliced the damaged section after a three-week operation… [+1988 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "ByteWire"
           },
           "author": "Marco Bianchi",
           "title": "Game studio's cloud saves return after week-long outage - ByteWire",
           "description": "Players can again sync progress across consoles and PCs, the studio said, apologising for the disruption.",
           "url": "https://bytewire.example/news/cloud-saves-outage-over",
           "urlToImage": "https://img.bytewire.example/2025/03/controller.svg",
           "publishedAt": "2025-03-13T20:31:00Z",
           "content": null
          },
          {
           "source": {
            "id": null,
            "name": "Metro Business Journal"
           },
           "author": "Samuel Ortiz",
           "title": "Local start-up raises $12 million to build heat pumps that talk to the grid - Metro Business Journal",
           "description": null,
           "url": "https://www.metrobizjournal.example/startups/heat-pump-grid-funding",
           "urlToImage": "https://www.metrobizjournal.example/images/heat-pump-prototype.jpg",
           "publishedAt": "2025-03-13T16:00:00Z",
           "content": "The company's controllers shift heating by a few minutes when the grid is strained, which it says cuts peak demand without making homes colder. The round was led by… [+2780 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Circuit Report"
           },
           "author": "Nina Alvarez",
           "title": " - Circuit Report",
           "description": "Regulators proposed rules that would require phone makers to publish how long each model gets security updates.",
           "url": "https://www.circuitreport.example/2025/03/13/phone-update-rules",
           "urlToImage": "https://static.circuitreport.example/uploads/2025/03/phones.jpg",
           "publishedAt": "2025-03-13T12:25:40Z",
           "content": "Regulators proposed rules that would require phone makers to publish how long each model gets security updates… [+1604 chars]"
          }
         ]
        }
        """#

    /// gb/science: nine articles, among them junk authors (`- Coast & Country`), an image URL with a
    /// space, a seven-digit fractional date and an HTML fragment with entities.
    static let gbScience = #"""
        {
         "status": "ok",
         "totalResults": 9,
         "articles": [
          {
           "source": {
            "id": null,
            "name": "Albion Science Post"
           },
           "author": "Dr. Fiona McLeod",
           "title": "Astronomers spot water vapour on a rocky planet in the habitable zone - Albion Science Post",
           "description": "Light filtered through the planet's atmosphere carried the signature of water, though scientists caution clouds could mimic it.",
           "url": "https://www.albionsciencepost.example/space/2025/mar/14/water-vapour-rocky-exoplanet",
           "urlToImage": "https://i.albionsciencepost.example/space/exoplanet-illustration.jpg",
           "publishedAt": "2025-03-14T18:00:00Z",
           "content": "Light filtered through the planet's atmosphere carried the signature of water, the team reported on Friday. The planet orbits a cool red dwarf about 40 light years away… [+3540 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Thames Valley Chronicle"
           },
           "author": "Oliver Grant",
           "title": "Volunteers count record number of hedgehogs in garden survey - Thames Valley Chronicle ",
           "description": "More than 12,000 sightings were logged this winter, suggesting wildlife-friendly gardens are helping the species recover.",
           "url": "https://www.thamesvalleychronicle.example/news/hedgehog-survey-record",
           "urlToImage": "//media.thamesvalleychronicle.example/2025/03/hedgehog.jpg",
           "publishedAt": "2025-03-14T15:26:44.2871093Z",
           "content": "More than 12,000 sightings were logged this winter… [+1876 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Northern Lab Notes"
           },
           "author": null,
           "title": "Ancient DNA reveals how farming spread across Britain - Northern Lab Notes",
           "description": "Genomes from 300 individuals show farmers arrived in several waves and mixed with hunter-gatherers more than once thought.",
           "url": "https://northernlabnotes.example/archaeology/ancient-dna-farming-britain",
           "urlToImage": null,
           "publishedAt": "2025-03-14T12:00:00+00:00",
           "content": "<p>Genomes from 300 individuals show farmers arrived in several waves.</p><p>&quot;It was not a single migration,&quot; said the lead author&hellip;</p>… [+2402 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "[Removed]"
           },
           "author": null,
           "title": "[Removed]",
           "description": "[Removed]",
           "url": "https://removed.com",
           "urlToImage": null,
           "publishedAt": "1970-01-01T00:00:00Z",
           "content": "[Removed]"
          },
          {
           "source": {
            "id": null,
            "name": "Albion Science Post"
           },
           "author": "Rhys Evans",
           "title": "UK weather service adds AI model to its forecasting toolkit - Albion Science Post",
           "description": "Forecasters will compare machine-learning predictions with traditional models before relying on them for warnings.",
           "url": "https://www.albionsciencepost.example/environment/2025/mar/14/ai-weather-forecasting",
           "urlToImage": "https://i.albionsciencepost.example/environment/radar-map.png",
           "publishedAt": "2025-03-14T09:45:00Z",
           "content": null
          },
          {
           "source": {
            "id": null,
            "name": "Coast & Country Magazine"
           },
           "author": "- Coast & Country",
           "title": "Puffins return early to Scottish cliffs as seas warm - Coast & Country Magazine",
           "description": "Rangers recorded the first puffins nearly two weeks earlier than the long-term average.",
           "url": "https://coastandcountry.example/wildlife/puffins-return-early",
           "urlToImage": "https://coastandcountry.example/wp-content/uploads/2025/03/puffin cliff.jpg",
           "publishedAt": "2025-03-13T21:10:00Z",
           "content": "Rangers recorded the first puffins nearly two weeks earlier than the long-term average, a shift scientists link to warming seas and changes in the sand eels the birds feed on… [+1210 chars]"
          },
          {
           "source": {
            "id": "google-news",
            "name": "Google News"
           },
           "author": null,
           "title": "Fusion experiment sustains plasma for record 22 minutes - Physics Review Today",
           "description": null,
           "url": "https://news.google.com/rss/articles/CBMiPGh0dHBzOi8vcGh5c2ljc3Jldmlldy5leGFtcGxlL2Z1c2lvbi1yZWNvcmQtMjItbWludXRlc9IBAA?oc=5",
           "urlToImage": null,
           "publishedAt": "2025-03-13T18:33:00Z",
           "content": null
          },
          {
           "source": {
            "id": null,
            "name": "Thames Valley Chronicle"
           },
           "author": "Amelia Shaw",
           "title": "University team builds battery from seaweed and salt - Thames Valley Chronicle",
           "description": "The prototype stores less energy than lithium cells but uses cheap, abundant materials and can be composted.",
           "url": "https://www.thamesvalleychronicle.example/science/seaweed-battery",
           "urlToImage": "https://media.thamesvalleychronicle.example/2025/03/seaweed-battery.webp",
           "publishedAt": "2025-03-13T11:02:00Z",
           "content": "The prototype stores less energy than lithium cells but uses cheap, abundant materials… [+2066 chars]"
          },
          {
           "source": {
            "id": null,
            "name": "Northern Lab Notes"
           },
           "author": "Sofia Lindqvist",
           "title": "Meteor shower outburst possible next week, astronomers say - Northern Lab Notes",
           "description": "Calculations suggest Earth may cross a dense stream of comet dust, producing dozens of meteors an hour for observers in the north.",
           "url": "https://northernlabnotes.example/sky/meteor-outburst-forecast",
           "urlToImage": "https://northernlabnotes.example/images/meteor-long-exposure.gif",
           "publishedAt": "2025-03-12T20:20:00Z",
           "content": "Calculations suggest Earth may cross a dense stream of comet dust… [+980 chars]"
          }
         ]
        }
        """#
}
