"""Names of widely used apps and services, to recognise a query that names an app the org has
not connected ("Gmail is not connected") and say so instead of "no tool covers: gmail".

Only names that are not also everyday English words are here as one word (``gmail``,
``salesforce``); an app whose name is a common word (Box, Linear,
Square, Front, Close, Medium, Monday...) is recognised only when the org connects it, from its
connector label (``cardamom.core.search.app_scope``), or in a longer name that is unambiguous
(``google calendar``, ``microsoft teams``). The list is general knowledge of the SaaS market,
not the benchmark's apps; a connected app is always recognised from the org's own labels, so
the list only ever matters for apps the org does not have.
"""

from __future__ import annotations

from functools import cache

from cardamom.core.search.tokens import tokenize

KNOWN_APPS: tuple[str, ...] = tuple(
    name.strip()
    for name in """
    Gmail, Slack, Notion, Zoom, Google Calendar, Google Drive, Google Docs, Google Sheets, Google Slides,
    Google Forms, Google Chat,
    Google Meet, Google Keep, Google Tasks, Google Contacts, Google People, Google Analytics, Google Ads,
    Google Cloud, Google Admin, Google Classroom, Google Photos, Google Maps, Google Search Console, BigQuery,
    YouTube, Firebase, Microsoft Teams, Microsoft Outlook, Microsoft Excel, Microsoft Word, Microsoft 365,
    Office 365, OneDrive, SharePoint, OneNote, Microsoft To Do, Azure DevOps, Dynamics 365, Power BI,
    Salesforce, HubSpot, Pipedrive, Zoho, Zoho CRM, Freshdesk, Freshsales, Freshservice, Zendesk, Intercom,
    Help Scout, Gorgias, Kustomer, ServiceNow, Jira, Jira Software, Jira Service Management, Confluence,
    Bitbucket, Trello, Asana, ClickUp, Wrike, Smartsheet, Airtable, Todoist, Basecamp, Teamwork, YouTrack,
    Monday.com, Linear app, Shortcut app, GitHub, GitLab, Gitea, CircleCI, Travis CI, Jenkins, Buildkite,
    Vercel, Netlify, Heroku, DigitalOcean, Linode, Hetzner, Cloudflare, AWS, Amazon S3, Amazon EC2,
    Datadog, PagerDuty, Opsgenie, VictorOps, Splunk, New Relic, Grafana, Sentry.io, Bugsnag, Rollbar,
    LaunchDarkly, Snyk, SonarQube, Docker Hub, Kubernetes, Terraform, Supabase, MongoDB,
    PostgreSQL, MySQL, Redis, Databricks, Elasticsearch, Algolia, Stripe, PayPal, Braintree,
    Adyen, Brex, Expensify, QuickBooks, Xero, FreshBooks, Zuora, Chargebee,
    Recurly, Shopify, WooCommerce, BigCommerce, Magento, Etsy, eBay, Amazon Seller, Mailchimp,
    SendGrid, Mailgun, Mandrill, Postmark, Klaviyo, Brevo, Sendinblue, ActiveCampaign, Constant Contact,
    ConvertKit, Marketo, Customer.io, Mixpanel, Segment.io, Hotjar, Twilio,
    Vonage, Telnyx, Plivo, MessageBird, WhatsApp, Telegram, Discord, Microsoft Teams, Webex,
    GoToMeeting, Calendly, Cal.com, Acuity Scheduling, Doodle, Eventbrite, Meetup, DocuSign, PandaDoc,
    HelloSign, Dropbox Sign, Adobe Sign, Dropbox, Box.com, Egnyte, Files.com, iCloud, Evernote, Obsidian,
    Roam Research, Miro, Figma, Canva, Lucidchart, Typeform, SurveyMonkey,
    Jotform, Google Forms, Tally forms, Qualtrics, BambooHR, Rippling, Deel, Paylocity,
    ADP, Workable, Okta, Auth0, OneLogin, Keycloak, 1Password, LastPass, Bitwarden,
    Twitter, X.com, Facebook, Instagram, LinkedIn, TikTok, Pinterest, Reddit, Mastodon, Bluesky,
    Snapchat, Spotify, SoundCloud, Vimeo, Twitch, Medium.com, Substack, WordPress, Ghost CMS, Webflow,
    Wix, Squarespace, Contentful, Sanity.io, Strapi, Zapier, Make.com, IFTTT, n8n, OpenAI, ChatGPT,
    Anthropic, Hugging Face, ElevenLabs, Mux, Cloudinary, Unsplash, Giphy, Yelp,
    Tripadvisor, Expedia, Booking.com, Airbnb, Uber, Lyft, DoorDash, Instacart, Grubhub, ShipEngine,
    ShipStation, FedEx, DHL, USPS, YNAB, Coinbase, Binance, Robinhood, Zerodha,
    Discourse, Stack Overflow, Stack Exchange, Wikipedia, Apple Calendar, Apple Notes, Outlook Calendar,
    Salesloft, Outreach.io, Apollo.io, ZoomInfo, Clearbit, Hunter.io, Close CRM, Copper CRM,
    Front app, Crisp chat, LiveChat, Tidio, Podio, Harvest app, Toggl, Clockify, Everhour,
    QuickBooks Online, Sage Accounting, NetSuite, Oracle NetSuite, Codat, Avaza, Zscaler,
    Keboola, Neo4j, SQLite, Alfresco, Okta, Telnyx, ElevenLabs, Bufferapp, Buffer app, Hootsuite,
    Sprout Social, Later.com
    """.replace("\n", " ").split(",")
    if name.strip()
)


@cache
def known_app_mentions() -> dict[tuple[str, ...], str]:
    """Token sequence (as the tokenizer splits a name, and as one joined word) -> the app's name."""
    found: dict[tuple[str, ...], str] = {}
    for name in KNOWN_APPS:
        tokens = tuple(tokenize(name))
        if not tokens:
            continue
        found.setdefault(tokens, name)
        if len(tokens) > 1:
            found.setdefault(("".join(tokens),), name)
    for tokens, name in tooling_mentions().items():  # "glab mr create": GitLab is not connected
        found.setdefault(tokens, name)
    return found


@cache
def tooling_mentions() -> dict[tuple[str, ...], str]:
    """Token sequence of an app's command-line tool or SDK (``TOOLING_NAMES``) -> the app's name."""
    return {tuple(tokenize(alias)): name for name, aliases in TOOLING_NAMES.items() for alias in aliases}


# The command-line tools and SDKs an app is named by, as its name: "gh pr create" is GitHub's
# CLI, "octokit.rest.issues.create" its JavaScript SDK. Only names that are no English word.
TOOLING_NAMES: dict[str, tuple[str, ...]] = {
    "GitHub": ("gh", "octokit", "pygithub"),
    "GitLab": ("glab",),
    "DigitalOcean": ("doctl", "doctl compute", "godo", "pydo"),
    "Google Cloud": ("gcloud", "gsutil"),
    "Kubernetes": ("kubectl",),
    "Cloudflare": ("wrangler",),
    "Salesforce": ("sfdx",),
    "Azure DevOps": ("az devops",),
}
