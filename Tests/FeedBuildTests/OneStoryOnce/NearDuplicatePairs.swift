import Foundation

/// Hand-written article texts for measuring when two texts are one story (docs/feeds-and-sources.md, "How near is
/// near"): per topic, two stories written independently (the same names, places and one shared quote, as
/// two newsrooms covering one event write them) and a next-day follow-up that repeats two background paragraphs of
/// the first. Syndicated copies are made from each story by what sites do to a wire story (``Syndication``).
enum NearDuplicatePairs {
    struct Topic {
        var name: String
        var first: String
        var second: String
        var followUp: String
    }

    static let topics: [Topic] = [
        Topic(
            name: "ferry",
            first: """
                A passenger ferry and a harbour tug collided in thick fog at the mouth of Port Alder on Tuesday \
                morning, the harbour authority said, leaving both vessels damaged but no one seriously hurt.

                The ferry Morning Star, carrying 212 passengers from Kell Island, struck the tug Brannock shortly \
                after seven o'clock as visibility fell below fifty metres. Coastguard crews reached the scene within \
                fifteen minutes and escorted both vessels to the main pier.

                "We were lucky, and we know it," harbour master Ruth Okafor told reporters at the quay. She said \
                the radar on the tug had been under repair since the weekend and that an inquiry would examine why \
                it was allowed to sail.

                Three passengers were treated for minor injuries at the pier. Ferry services to Kell Island were \
                suspended for the rest of the day while engineers inspected the Morning Star's bow.
                """,
            second: """
                Passengers aboard the Kell Island ferry described a sudden jolt and the sound of tearing metal when \
                their boat hit a tug in fog outside Port Alder on Tuesday.

                "People fell out of their seats, children were crying, and then the crew were everywhere at once," \
                said Maria Lindqvist, a teacher travelling to the mainland for a conference. She praised the crew \
                for keeping everyone calm while the boat limped into harbour.

                The harbour authority confirmed that three people were treated at the pier. Harbour master Ruth \
                Okafor said, "We were lucky, and we know it," and promised a full inquiry into the collision.

                Island businesses warned that a long suspension of the route would hurt them at the start of the \
                tourist season. The ferry operator said it hoped to restore a reduced timetable by Thursday, using \
                a chartered vessel from the northern routes.
                """,
            followUp: """
                Investigators boarded the tug Brannock on Wednesday as the harbour authority published the first \
                findings into the collision with the Morning Star ferry in fog off Port Alder.

                The ferry Morning Star, carrying 212 passengers from Kell Island, struck the tug Brannock shortly \
                after seven o'clock as visibility fell below fifty metres. Coastguard crews reached the scene within \
                fifteen minutes and escorted both vessels to the main pier.

                The preliminary report says the tug's skipper had been told on Monday not to leave port until a \
                replacement radar unit arrived from the manufacturer. The tug company said it would cooperate fully \
                and had suspended the skipper pending the inquiry.

                Three passengers were treated for minor injuries at the pier. Ferry services to Kell Island were \
                suspended for the rest of the day while engineers inspected the Morning Star's bow.

                A reduced timetable resumed on Wednesday afternoon with a chartered boat, and the operator said \
                full service would return next week once repairs to the bow are certified.
                """),
        Topic(
            name: "bike lanes",
            first: """
                Riverton city council voted eight to three on Monday night to fund forty kilometres of protected \
                bicycle lanes over the next four years, ending a debate that has divided the city since last spring.

                The plan, worth 38 million, will separate cyclists from traffic with concrete kerbs on six main \
                roads, beginning with Mill Street and the Canal Road bridge in the autumn. Parking on those streets \
                will be cut by about a fifth.

                "This is the safest thing we can build for the money," said councillor Dev Amari, who chairs the \
                transport committee. Opponents argued that shops on Mill Street would lose customers who drive.

                The council also asked officers to report within a year on how many people use the first lanes, \
                and whether the remaining routes should change.
                """,
            second: """
                Shop owners on Mill Street say they will keep fighting Riverton's new cycle lanes after the city \
                council approved the 38 million programme on Monday.

                "Half my customers come by car, and now they will have nowhere to stop," said Hannah Roe, who has \
                run a hardware shop on the street for twenty years. A petition against the lanes gathered more than \
                four thousand signatures in the spring.

                Supporters point to figures from the city's own traffic office showing that eleven cyclists were \
                seriously injured on Mill Street in the last three years. Councillor Dev Amari called the lanes \
                "the safest thing we can build for the money."

                Traders plan to ask for loading bays and a delay to the first phase. Council officers said that \
                both requests would be considered when the detailed designs are published in July.
                """,
            followUp: """
                Work on Riverton's first protected cycle lane will start on the Canal Road bridge in September, \
                the city said on Friday, after contractors were appointed for the first phase.

                The plan, worth 38 million, will separate cyclists from traffic with concrete kerbs on six main \
                roads, beginning with Mill Street and the Canal Road bridge in the autumn. Parking on those streets \
                will be cut by about a fifth.

                The bridge will close to cars in one direction for eleven weeks while the kerbs and new signals are \
                installed. Buses will keep both lanes, and a temporary crossing will be built for pedestrians.

                "This is the safest thing we can build for the money," said councillor Dev Amari, who chairs the \
                transport committee. Opponents argued that shops on Mill Street would lose customers who drive.

                The city will publish weekly updates on the works and has opened a telephone line for residents \
                and businesses affected by the closures.
                """),
        Topic(
            name: "drought",
            first: """
                Water restrictions will come into force across the Vale region from Saturday after the driest \
                spring in sixty years left reservoirs at less than half their usual level, the regional water board \
                announced.

                Households will be banned from using hosepipes to water gardens or wash cars, and public fountains \
                will be switched off. Farms with their own boreholes are not affected, but the board asked them to \
                cut use voluntarily.

                "Every litre saved now is a litre we will have in August," said the board's chief executive, \
                Simon Hale. Fines of up to one thousand can be issued to those who ignore the ban.

                The board said the restrictions would stay until reservoir levels recover, which could take until \
                the autumn rains even if the summer is average.
                """,
            second: """
                Farmers in the Vale say this year's drought is already costing them their first harvest, as the \
                regional water board prepares a hosepipe ban for households from Saturday.

                "The barley is coming up thin and yellow, and the grass for the cattle has stopped growing," said \
                Tom Fairley, who farms three hundred hectares near Ashby. He has started buying feed he would \
                normally not need until winter.

                The water board's chief executive, Simon Hale, said that "every litre saved now is a litre we will \
                have in August," and asked farmers with boreholes to reduce their use even though they are exempt.

                The farmers' union has asked the government for emergency support and a relaxation of the rules on \
                moving water between neighbouring farms during the dry months.
                """,
            followUp: """
                The first week of the Vale hosepipe ban has cut household water use by a tenth, the regional water \
                board said on Monday, but reservoir levels are still falling.

                Households will be banned from using hosepipes to water gardens or wash cars, and public fountains \
                will be switched off. Farms with their own boreholes are not affected, but the board asked them to \
                cut use voluntarily.

                Inspectors issued forty warnings and two fines in the first seven days, mostly for car washing at \
                weekends. The board said it would publish reservoir figures every Monday until the ban is lifted.

                "Every litre saved now is a litre we will have in August," said the board's chief executive, \
                Simon Hale. Fines of up to one thousand can be issued to those who ignore the ban.

                Forecasters expect no significant rain for at least another fortnight across the region.
                """),
    ]
}

/// What sites do to a wire story they run: each a way of making a copy that is still the same story.
enum Syndication: CaseIterable {
    /// The site's own header (byline, time, share buttons) and footer (newsletter, copyright, credit).
    case headerAndFooter
    /// Retitled and trimmed: the last paragraph dropped, a few words changed.
    case trimmedAndEdited
    /// Wrapped in a long block of the site's related links and cookie notice.
    case heavyBoilerplate
    /// Paragraphs run in another order, with an editor's note in front.
    case reordered

    func copy(of text: String) -> String {
        let paragraphs = text.components(separatedBy: "\n\n")
        switch self {
        case .headerAndFooter:
            return "By Staff Reporter | Updated 10:32 | Share on Facebook | Share on X | Email this story\n\n"
                + text
                + "\n\nSign up to our morning newsletter for the day's top stories. © 2024 The Daily Courier. "
                + "Wire services contributed to this report."
        case .trimmedAndEdited:
            return paragraphs.dropLast().joined(separator: "\n\n")
                .replacingOccurrences(of: " said ", with: " told reporters ")
                .replacingOccurrences(of: "Tuesday", with: "Tuesday, 14 May")
        case .heavyBoilerplate:
            return "We use cookies to improve your experience. By continuing to browse you agree to our use of "
                + "cookies and our privacy policy.\n\n" + text
                + "\n\nRead more: Ten things to do this weekend. The best budget laptops of the year reviewed. "
                + "Local elections: everything you need to know before polling day. Weather: sunshine and showers "
                + "for the week ahead. Opinion: why the high street still matters. Sport: late winner keeps the "
                + "title race alive. Puzzles: today's crossword and sudoku. Obituaries and family notices."
        case .reordered:
            let order = paragraphs.count > 3 ? [0, 2, 1, 3] + Array(4..<paragraphs.count) : Array(paragraphs.indices)
            return "Editor's note: this story has been updated with new information.\n\n"
                + order.map { paragraphs[$0] }.joined(separator: "\n\n")
        }
    }
}

/// The labelled pairs: same story (a story and one of its copies) or different stories on one topic.
enum LabelledPairs {
    struct Pair {
        var name: String
        var left: String
        var right: String
        var sameStory: Bool
    }

    static var all: [Pair] {
        var pairs: [Pair] = []
        for topic in NearDuplicatePairs.topics {
            for (label, story) in [("first", topic.first), ("second", topic.second)] {
                for syndication in Syndication.allCases {
                    pairs.append(
                        Pair(
                            name: "\(topic.name) \(label) / \(syndication)", left: story,
                            right: syndication.copy(of: story), sameStory: true))
                }
            }
            pairs.append(
                Pair(name: "\(topic.name) first / second", left: topic.first, right: topic.second, sameStory: false))
            pairs.append(
                Pair(
                    name: "\(topic.name) first / follow-up", left: topic.first, right: topic.followUp, sameStory: false)
            )
            pairs.append(
                Pair(
                    name: "\(topic.name) second / follow-up", left: topic.second, right: topic.followUp,
                    sameStory: false))
            for syndication in Syndication.allCases {
                pairs.append(
                    Pair(
                        name: "\(topic.name) first / \(syndication) of second", left: topic.first,
                        right: syndication.copy(of: topic.second), sameStory: false))
                pairs.append(
                    Pair(
                        name: "\(topic.name) follow-up / \(syndication) of first", left: topic.followUp,
                        right: syndication.copy(of: topic.first), sameStory: false))
            }
        }
        return pairs
    }
}
