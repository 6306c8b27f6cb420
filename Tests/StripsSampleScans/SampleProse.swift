/// Text of our own for the sample scans: ordinary prose of the kind people scan (letters, minutes,
/// instructions, reports), with numbers, capitals and punctuation, so recognition meets what it
/// meets on real pages. Each page takes a heading and paragraphs from here.
public enum SampleProse {
    public static let headings = [
        "Minutes of the Harbour Street Allotment Society",
        "Repairs to the Roof of the Old Granary",
        "Notes from a Bicycle Journey along the River",
        "Instructions for the Kitchen Scale Model K40",
        "Annual Report of the Village Library",
        "A Letter about the Orchard Lease",
        "Bread for Beginners",
        "The Mill at Lower Ashford",
    ]

    public static let paragraphs = [
        """
        The meeting opened at seven in the evening with fourteen members present. The treasurer \
        reported that the water account had been settled in March and that the society now holds \
        a balance of 1,284 pounds. Several members asked whether the old shed near the northern \
        gate could be repaired before the winter, since the tools stored there were getting damp. \
        After some discussion it was agreed that Margaret and Thomas would collect three quotes \
        from local builders and bring them to the next meeting.
        """,
        """
        The builder inspected the granary on the second of June and found that most of the slates \
        on the western slope were loose or cracked. Water had been entering the loft for several \
        years, and two of the wooden rafters showed signs of rot near the gable wall. He proposed \
        replacing the damaged timber, fitting a breathable membrane under new slates, and clearing \
        the gutters, which were blocked with moss. The work should take about three weeks if the \
        weather stays dry.
        """,
        """
        We left the bridge early, while mist still covered the water, and followed the towpath \
        north through meadows full of cattle. By noon we had reached the lock keeper's cottage, \
        where a friendly woman sold us apples and told us that the path beyond the weir was \
        flooded. We pushed the bicycles across a muddy field instead, laughing at our ruined \
        shoes, and arrived in the market town just before the bakery closed for the afternoon.
        """,
        """
        Place the scale on a firm, level surface before switching it on. Press the power button \
        once and wait until the display shows zero. To weigh ingredients in a bowl, set the empty \
        bowl on the platform and press the tare button, then add each ingredient in turn. The \
        scale switches itself off after two minutes without use. Replace both batteries when the \
        display begins to flicker, and never immerse the scale in water when cleaning it.
        """,
        """
        During the past year the library lent 9,430 books, an increase of twelve percent over the \
        previous year. The reading group for children met every Saturday morning and attracted \
        new families from the estate beside the school. Volunteers repainted the reading room in \
        August and installed brighter lamps above the long tables. We thank everyone who donated \
        books, especially the family who gave their grandfather's collection of maps and travel \
        journals.
        """,
        """
        Thank you for your letter of the fourteenth concerning the lease of the orchard behind \
        the church. We would be happy to renew the agreement for a further five years on the same \
        terms, provided that the hedges along the lane are trimmed each autumn and the gate is \
        kept closed when sheep are grazing in the neighbouring field. Please let us know whether \
        you would prefer to sign the documents at our office or receive them by post.
        """,
        """
        Mix the flour and salt in a large bowl, then dissolve the yeast in warm water and pour it \
        into the middle. Stir until a rough dough forms, turn it out onto a floured table, and \
        knead for ten minutes until it feels smooth and springy. Leave the dough covered in a warm \
        place for an hour, shape it into a round loaf, and let it rise again while the oven heats. \
        Bake for thirty five minutes, until the crust is golden and sounds hollow when tapped.
        """,
        """
        The mill at Lower Ashford was built in 1791 by a family of clothiers who needed power for \
        their fulling stocks. Later owners converted it to grind corn, and the great iron wheel \
        that visitors admire today was cast in Bristol around 1840. The mill stopped working after \
        the flood of 1947 damaged the sluice gates, and for many years the building stood empty. \
        Restoration began in 1998, funded largely by donations from people living in the valley.
        """,
        """
        Members raised the question of the compost heaps, which have grown larger than anyone \
        expected and now attract rats. The secretary will write to the council to ask whether a \
        closed container could be provided. It was also suggested that each plot holder should \
        take turns turning the heaps on Sunday mornings. The next meeting will be held on the \
        first Thursday of October, when the annual prize for the best kept plot will be awarded.
        """,
        """
        The total cost of the repairs is estimated at 18,650 pounds, including scaffolding, \
        materials, labour and the removal of waste. The trustees have applied for a grant from the \
        heritage fund, which may cover up to half of this amount. If the grant is refused, the \
        work could be divided into two stages, starting with the most urgent section above the \
        stairs, where the ceiling plaster has already fallen in one corner.
        """,
        """
        Our second day began with rain, so we sheltered in a small chapel and studied the map. \
        The river makes a wide bend to the east here, and the old railway line offers a shorter \
        route across the hills. We chose the railway, which turned out to be a splendid decision: \
        the gravel surface was firm, the gradients gentle, and every tunnel was lit. In the \
        evening we found rooms above a quiet inn and slept for ten hours.
        """,
        """
        Should the display show an error message, remove the batteries for one minute and insert \
        them again. If the message remains, the weighing sensor may have been damaged by a heavy \
        impact, and the scale should be returned to the shop where it was bought. Keep the receipt \
        as proof of purchase; the guarantee covers faults in materials and workmanship for two \
        years but does not cover damage caused by dropping the scale or by leaking batteries.
        """,
    ]
}
